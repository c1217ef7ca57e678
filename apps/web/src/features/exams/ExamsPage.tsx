import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, MenuItem, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { EXAM_CELL_ROLES, EXAM_STATUSES, type TExamStatus, type TExamSummary } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { useServerList } from '../../components/useServerList';
import { useExams } from './api';
import { ddmmyyyy, statusLabel } from './format';
import { NewExamDialog } from './NewExamDialog';
import { EXAMS_PATHS } from './paths';
import { ExamStatusChip } from './StatusChip';

const COLUMNS: Array<DataColumn<TExamSummary>> = [
  {
    key: 'name',
    header: 'Exam',
    render: (e) => (
      <Link component={RouterLink} to={EXAMS_PATHS.exam(e.id)} sx={{ fontWeight: 600 }}>
        {e.name}
      </Link>
    ),
  },
  { key: 'kind', header: 'Kind', value: (e) => (e.kind === 'regular' ? 'Regular' : 'Supplementary'), hideBelow: 'md' },
  { key: 'regulation', header: 'Regulation', hideBelow: 'md' },
  { key: 'status', header: 'Status', value: (e) => statusLabel(e.status), render: (e) => <ExamStatusChip status={e.status} /> },
  { key: 'dates', header: 'Exam days', nowrap: true, value: (e) => `${ddmmyyyy(e.startsOn)} to ${ddmmyyyy(e.endsOn)}` },
  {
    key: 'registrationCloses',
    header: 'Registration closes',
    nowrap: true,
    value: (e) => ddmmyyyy(e.registrationCloses),
    hideBelow: 'lg',
  },
  { key: 'registrations', header: 'Registered', align: 'right' },
  { key: 'hallTickets', header: 'Hall tickets', align: 'right' },
];

/** /app/exams: the exam cell's exams, searched and filtered by status; "New exam". */
export function ExamsPage() {
  const mayEdit = useCan(EXAM_CELL_ROLES);
  const list = useServerList({ label: 'Search exams', placeholder: 'Exam name' });
  const [status, setStatus] = useState<TExamStatus | ''>('');
  const exams = useExams({ q: list.q || undefined, status: status || undefined });
  const [creating, setCreating] = useState(false);
  const filtered = Boolean(list.q || status);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
            Exams
          </Typography>
          <Typography color="text.secondary">Registration, eligibility and hall tickets, one exam at a time.</Typography>
        </Box>
        {mayEdit && (
          <Button variant="outlined" component={RouterLink} to={EXAMS_PATHS.graceRules}>
            Grace rules
          </Button>
        )}
        {mayEdit && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New exam
          </Button>
        )}
      </Box>
      <DataTable
        label="Exams"
        columns={COLUMNS}
        {...queryRows(exams)}
        rowKey={(e) => e.id}
        rowTestId={(e) => `exam-row-${e.id}`}
        emptyText={filtered ? 'No exam matches this search or status.' : 'No exams yet. Create the first with "New exam".'}
        search={list.search}
        exportName="exams"
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as TExamStatus | '')}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Every status</MenuItem>
            {EXAM_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {statusLabel(s)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {mayEdit && <NewExamDialog open={creating} onClose={() => setCreating(false)} />}
    </Box>
  );
}
