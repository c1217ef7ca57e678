import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Gavel from '@mui/icons-material/Gavel';
import { REVAL_KINDS, type TExam, type TRevalKind, type TRevalRequest } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { useServerList } from '../../../components/useServerList';
import { rupees, whenText } from '../format';
import { useRevalRequests } from './api';
import { useCardColumns } from './columns';
import { feeText, KIND_LABEL, outcomeText } from './labels';
import { OutcomeDialog } from './OutcomeDialog';

type Status = TRevalRequest['status'];

const COLUMNS: Array<DataColumn<TRevalRequest>> = [
  { key: 'requestedAt', header: 'Asked on', nowrap: true, value: (r) => whenText(r.requestedAt), hideBelow: 'lg' },
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name', hideBelow: 'md' },
  { key: 'dummyNo', header: 'Dummy no', nowrap: true, hideBelow: 'lg' },
  { key: 'course', header: 'Course', value: (r) => `${r.courseCode} · ${r.course}` },
  { key: 'kind', header: 'Kind', value: (r) => KIND_LABEL[r.kind] },
  {
    key: 'fee',
    header: 'Fee',
    value: feeText,
    render: (r) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {rupees(r.feePaise)}
        {r.feeDuePaise > 0 && (
          <Typography variant="caption" component="div" color="warning.main" data-testid="fee-due">
            {rupees(r.feeDuePaise)} due
          </Typography>
        )}
      </Box>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    value: (r) => (r.status === 'decided' ? 'Decided' : 'Requested'),
    render: (r) => (
      <Chip
        size="small"
        color={r.status === 'decided' ? 'success' : 'warning'}
        label={r.status === 'decided' ? 'Decided' : 'Requested'}
      />
    ),
  },
  { key: 'outcome', header: 'Outcome', value: outcomeText },
];

/** Recounting, photocopy and revaluation requests of this exam, their fees, and the outcome recorded for each. */
export function RevaluationTab({ exam }: { exam: TExam }) {
  const list = useServerList({ label: 'Search requests', placeholder: 'Roll no, name, dummy no or course' });
  const [status, setStatus] = useState<Status | ''>('requested');
  const [kind, setKind] = useState<TRevalKind | ''>('');
  const [deciding, setDeciding] = useState<TRevalRequest | null>(null);
  const requests = useRevalRequests({
    examId: exam.id,
    status: status || undefined,
    kind: kind || undefined,
    q: list.q || undefined,
    page: list.page + 1,
  });
  const filtered = Boolean(list.q || status || kind);
  const columns = useCardColumns(COLUMNS, ['kind']);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Students ask after the results are published, until the last day of the revaluation window (Marks tab). A request is
        decided once its fee is paid.
      </Typography>
      <DataTable
        label="Revaluation requests"
        testId="reval-table"
        columns={columns}
        {...queryRows(requests, (d) => d.items)}
        rowKey={(r) => r.id}
        rowTestId={(r) => `reval-${r.id}`}
        cardTitle={(r) => `${r.rollNo || r.dummyNo} · ${r.courseCode} · ${KIND_LABEL[r.kind]}`}
        emptyText={filtered ? 'No request matches this search or filter.' : 'No request has been made for this exam.'}
        search={list.search}
        paging={{ ...list.paging(requests.data?.total), pageSize: requests.data?.limit ?? 50, onPageSize: undefined }}
        actions={(r) =>
          r.status === 'requested' && (
            <Button size="small" startIcon={<Gavel />} onClick={() => setDeciding(r)}>
              Outcome
            </Button>
          )
        }
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as Status | '');
                list.restart();
              }}
              sx={{ minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every status</MenuItem>
              <MenuItem value="requested">Requested</MenuItem>
              <MenuItem value="decided">Decided</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label="Kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as TRevalKind | '');
                list.restart();
              }}
              sx={{ minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every kind</MenuItem>
              {REVAL_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {KIND_LABEL[k]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        }
      />
      {deciding && <OutcomeDialog request={deciding} onClose={() => setDeciding(null)} />}
    </Box>
  );
}
