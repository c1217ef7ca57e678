import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Paper, TextField, Typography } from '@mui/material';
import type { TOutboxPage } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useOutbox, useResend, when } from './api';

type Status = TOutboxPage['items'][number]['status'];
const STATUS: Record<Status, { label: string; color: 'default' | 'success' | 'info' | 'error' }> = {
  queued: { label: 'Queued', color: 'default' },
  sent: { label: 'Sent', color: 'success' },
  kept: { label: 'Kept (no mail server)', color: 'info' },
  failed: { label: 'Failed', color: 'error' },
};

/** Every message the portal sent, or kept when no mail server is set (SMTP_URL), for the admin. */
export function OutboxPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const resend = useResend();
  const toast = useToast();
  const sendAgain = (id: number) =>
    resend.mutate(id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });
  const again = (m: { id: number; status: Status }) =>
    m.status === 'failed' && (
      <Button size="small" disabled={resend.isPending} onClick={() => sendAgain(m.id)} sx={{ ml: 1 }}>
        Send again
      </Button>
    );
  const list = useOutbox({ page: page + 1, pageSize, q: q.trim() || undefined, status: status || undefined });

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 1 }}>
        Outbox
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Mail the portal sends from its queue. Without a mail server the messages are kept here; a message refused six times is
        marked failed.
      </Typography>
      <Paper sx={{ p: 2, mb: 2, borderRadius: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          size="small"
          label="Search address or subject"
          value={q}
          onChange={(e) => (setQ(e.target.value), setPage(0))}
        />
        <TextField
          size="small"
          select
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.target.value), setPage(0))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {(Object.keys(STATUS) as Status[]).map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <DataTable
        label="Outbox"
        testId="outbox-list"
        columns={[
          { key: 'createdAt', header: 'Queued at', value: (m) => when(m.createdAt), nowrap: true },
          { key: 'to', header: 'To', render: (m) => <Box component="span" sx={{ wordBreak: 'break-all' }}>{m.to}</Box> },
          {
            key: 'subject',
            header: 'Subject',
            render: (m) => (
              <>
                {m.subject}
                {m.error && (
                  <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                    {m.error}
                  </Typography>
                )}
              </>
            ),
          },
          { key: 'kind', header: 'Kind', nowrap: true },
          {
            key: 'status',
            header: 'Status',
            nowrap: true,
            value: (m) => STATUS[m.status].label,
            render: (m) => (
              <>
                <Chip size="small" label={STATUS[m.status].label} color={STATUS[m.status].color} />
                {again(m)}
              </>
            ),
          },
          { key: 'sentAt', header: 'Sent at', value: (m) => (m.sentAt ? when(m.sentAt) : '—'), nowrap: true },
        ]}
        {...queryRows(list, (d) => d.items)}
        rowKey={(m) => m.id}
        cardTitle={(m) => m.subject}
        emptyText="No messages."
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
