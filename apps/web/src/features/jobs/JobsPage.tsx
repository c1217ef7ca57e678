import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { JOB_STATUSES, type TJob } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { formatDateTime } from '../../lib/format';
import { useJobs, useRetryJob } from './api';

type Status = TJob['status'];
const STATUS: Record<Status, { label: string; color: 'default' | 'success' | 'info' | 'error' }> = {
  pending: { label: 'Waiting', color: 'default' },
  running: { label: 'Running', color: 'info' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The college's background work (mail, hall-ticket batches, summaries) for the admin: failed jobs first, and a retry. */
export function JobsPage() {
  const [status, setStatus] = useState<Status>('failed');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useJobs({ status, page: page + 1, pageSize, ...(q.trim() ? { q: q.trim() } : {}) });
  const retry = useRetryJob();
  const toast = useToast();
  const runAgain = (job: TJob) =>
    retry.mutate(job.id, {
      onSuccess: () => toast.success(`Job ${job.id} (${job.kind}) is queued again`),
      onError: (e) => toast.error(e.message),
    });

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 1 }}>
        Background jobs
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Mail, hall-ticket batches, reminders and the weekly summary run in the background, on whichever server is free. A job that
        fails every attempt stops here; mend the cause (a mail server, a setting), then run it again.
      </Typography>
      <Paper sx={{ p: 2, mb: 2, borderRadius: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField size="small" label="Search kind or error" value={q} onChange={(e) => (setQ(e.target.value), setPage(0))} />
        <TextField
          size="small"
          select
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.target.value as Status), setPage(0))}
        >
          {JOB_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <DataTable
        label="Background jobs"
        testId="jobs-list"
        columns={[
          { key: 'id', header: 'Job', value: (j) => String(j.id), nowrap: true },
          { key: 'kind', header: 'Kind', nowrap: true },
          {
            key: 'lastError',
            header: 'Last error',
            render: (j) => (
              <Box component="span" sx={{ wordBreak: 'break-word', color: j.lastError ? 'error.main' : 'text.secondary' }}>
                {j.lastError ?? '—'}
              </Box>
            ),
          },
          { key: 'attempts', header: 'Attempts', value: (j) => `${j.attempts} of ${j.maxAttempts}`, nowrap: true },
          { key: 'createdAt', header: 'Queued at', value: (j) => formatDateTime(j.createdAt), nowrap: true },
          {
            key: 'status',
            header: 'Status',
            nowrap: true,
            value: (j) => STATUS[j.status].label,
            render: (j) => (
              <>
                <Chip size="small" label={STATUS[j.status].label} color={STATUS[j.status].color} />
                {j.status === 'failed' && (
                  <Button size="small" disabled={retry.isPending} onClick={() => runAgain(j)} sx={{ ml: 1 }}>
                    Run again
                  </Button>
                )}
              </>
            ),
          },
        ]}
        {...queryRows(list, (d) => d.items)}
        rowKey={(j) => j.id}
        cardTitle={(j) => `${j.kind} · job ${j.id}`}
        emptyText={status === 'failed' ? 'No failed jobs: everything ran.' : 'No jobs.'}
        paging={{
          page,
          pageSize,
          total: list.data?.total,
          onPage: setPage,
          onPageSize: (size) => (setPageSize(size), setPage(0)),
          pageSizes: [20, 50, 100],
        }}
      />
    </Box>
  );
}
