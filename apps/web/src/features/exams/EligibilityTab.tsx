import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Gavel from '@mui/icons-material/Gavel';
import { ELIGIBILITY_GATES, EXAM_CELL_ROLES, EXAM_CONDONE_ROLES, type TEligibilityRow, type TExam } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useServerList } from '../../components/useServerList';
import { useEligibility } from './api';
import { CondoneDialog } from './CondoneDialog';
import { rupees } from './format';
import { ShortageNotices } from './ShortageNotices';

type Gate = (typeof ELIGIBILITY_GATES)[number];
const GATE_LABEL: Record<Gate, string> = { eligible: 'Eligible', withheld: 'Withheld' };

/** Reasons as a short list; "Clear" when none. */
export function Reasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return <>Clear</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {reasons.map((r) => (
        <Typography component="li" variant="body2" key={r}>
          {r}
        </Typography>
      ))}
    </Box>
  );
}

const COLUMNS: Array<DataColumn<TEligibilityRow>> = [
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name' },
  { key: 'branch', header: 'Branch', hideBelow: 'md' },
  {
    key: 'attendancePercent',
    header: 'Attendance',
    align: 'right',
    value: (r) => r.attendancePercent,
    render: (r) => (
      <>
        {r.attendancePercent.toFixed(2)}%
        <Typography variant="caption" display="block" color="text.secondary">
          {r.attendanceStanding}
          {r.condoned ? ', condoned' : ''}
        </Typography>
      </>
    ),
  },
  {
    key: 'examFeeDuePaise',
    header: 'Exam fee due',
    align: 'right',
    value: (r) => r.examFeeDuePaise / 100,
    render: (r) => rupees(r.examFeeDuePaise),
    hideBelow: 'md',
  },
  {
    key: 'otherDuesPaise',
    header: 'Other dues',
    align: 'right',
    value: (r) => r.otherDuesPaise / 100,
    render: (r) => rupees(r.otherDuesPaise),
    hideBelow: 'md',
  },
  {
    key: 'eligible',
    header: 'Gate',
    value: (r) => (r.eligible ? 'Eligible' : 'Withheld'),
    render: (r) => <Chip size="small" color={r.eligible ? 'success' : 'error'} label={r.eligible ? 'Eligible' : 'Withheld'} />,
  },
  { key: 'reasons', header: 'Reasons', value: (r) => r.reasons.join('; '), render: (r) => <Reasons reasons={r.reasons} /> },
  { key: 'hallTicket', header: 'Hall ticket', value: (r) => (r.hallTicket ? 'Issued' : 'Not issued'), hideBelow: 'lg' },
];

/** Who passes the gates for a hall ticket and why not; the principal's condonation; shortage notices. */
export function EligibilityTab({ exam }: { exam: TExam }) {
  const mayCondone = useCan(EXAM_CONDONE_ROLES);
  const isExamCell = useCan(EXAM_CELL_ROLES);
  const list = useServerList({ label: 'Search students', placeholder: 'Roll number or name' });
  const [gate, setGate] = useState<Gate | ''>('');
  const q = useEligibility(exam.id, { q: list.q || undefined, gate: gate || undefined, page: list.page + 1 });
  const [condoning, setCondoning] = useState<TEligibilityRow | null>(null);
  const counts = q.data?.counts;
  const condonable = (r: TEligibilityRow) => r.attendanceStanding === 'condonable' && !r.condoned;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <QueryState query={q} height={72} what="the eligibility">
        {counts && (
          <StatsPanel
            variant="cards"
            columns={{ xs: 2, md: 4 }}
            aria-label="Eligibility counts"
            stats={[
              { label: 'Registered', value: counts.registered, testId: 'count-registered' },
              { label: 'Eligible', value: counts.eligible, testId: 'count-eligible' },
              { label: 'Withheld', value: counts.withheld, testId: 'count-withheld' },
              { label: 'Dues limit', value: rupees(q.data!.duesLimitPaise) },
            ]}
          />
        )}
      </QueryState>
      {mayCondone && (
        <Typography variant="body2" color="text.secondary">
          A student short of attendance but above the detention limit can be condoned: choose Condone on their row.
        </Typography>
      )}
      <DataTable
        label="Eligibility"
        columns={COLUMNS}
        {...queryRows(q, (d) => d.items)}
        rowKey={(r) => r.registrationId}
        rowTestId={(r) => `eligibility-${r.rollNo}`}
        emptyText={gate ? `No ${GATE_LABEL[gate].toLowerCase()} student matches.` : 'No one is registered yet.'}
        search={list.search}
        exportName={`eligibility-${exam.id}`}
        paging={{ ...list.paging(q.data?.total), pageSize: q.data?.limit ?? 50, onPageSize: undefined }}
        actions={
          mayCondone
            ? (r) =>
                condonable(r) && (
                  <Button size="small" startIcon={<Gavel />} onClick={() => setCondoning(r)} aria-label={`Condone ${r.rollNo}`}>
                    Condone
                  </Button>
                )
            : undefined
        }
        toolbar={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Gate"
              value={gate}
              onChange={(e) => {
                setGate(e.target.value as Gate | '');
                list.restart();
              }}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Everyone</MenuItem>
              {ELIGIBILITY_GATES.map((g) => (
                <MenuItem key={g} value={g}>
                  {GATE_LABEL[g]}
                  {counts ? ` (${counts[g]})` : ''}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        }
      />
      <ShortageNotices exam={exam} maySend={isExamCell} />
      {mayCondone && <CondoneDialog exam={exam} row={condoning} onClose={() => setCondoning(null)} />}
    </Box>
  );
}
