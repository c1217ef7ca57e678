import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { EXAM_CELL_ROLES, ZInvigilationRequest, type TDuty, type TExam, type TRoster } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { useConfirm, useToast } from '../../../components/feedback';
import { ddmmyyyy } from '../format';
import { downloadDutyLetter, useDecideSwap, usePlanInvigilation, useRoster } from './api';
import { DutyStatus } from './DutyStatus';

type Load = TRoster['load'][number];

const DUTY_COLUMNS: Array<DataColumn<TDuty>> = [
  { key: 'date', header: 'Date', nowrap: true, value: (d) => ddmmyyyy(d.date) },
  { key: 'session', header: 'Session' },
  { key: 'room', header: 'Room' },
  { key: 'faculty', header: 'Faculty' },
  { key: 'department', header: 'Department', hideBelow: 'md' },
  {
    key: 'status',
    header: 'Status',
    value: (d) => (d.status === 'assigned' ? 'Assigned' : `Swap to ${d.swapTo ?? ''} asked`),
    render: (d) => <DutyStatus duty={d} />,
  },
];

/** A faculty member's duty letter, fetched with the session. */
function LetterButton({ examId, row }: { examId: number; row: Load }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadDutyLetter(examId, row.facultyId, row.faculty);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<PictureAsPdf />} onClick={run} loading={busy}>
      Duty letter
    </Button>
  );
}

/** Swaps faculty members asked for, each approved (the rules checked again) or rejected by the exam cell. */
function SwapsWaiting({ examId, waiting }: { examId: number; waiting: TDuty[] }) {
  const decide = useDecideSwap(examId);
  const toast = useToast();
  const run = async (d: TDuty, approve: boolean) => {
    try {
      await decide.mutateAsync({ dutyId: d.id, approve });
      toast.success(approve ? `Swap approved: ${d.swapTo} takes ${d.room} on ${ddmmyyyy(d.date)} ${d.session}` : 'Swap rejected');
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="swaps-waiting">
      <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
        Swaps waiting ({waiting.length})
      </Typography>
      <Stack spacing={1.5}>
        {waiting.map((d) => (
          <Stack
            key={d.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
            data-testid={`swap-${d.id}`}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2">
                <b>{d.faculty}</b> asks <b>{d.swapTo}</b> to take {d.room} on {ddmmyyyy(d.date)} {d.session}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {d.swapReason}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button size="small" variant="contained" onClick={() => run(d, true)} disabled={decide.isPending}>
                Approve
              </Button>
              <Button size="small" color="error" onClick={() => run(d, false)} disabled={decide.isPending}>
                Reject
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Make the roster (a fair load, never a teacher on leave or of the paper), see it, decide swaps, print duty letters. */
export function InvigilationTab({ exam }: { exam: TExam }) {
  const mayPlan = useCan(EXAM_CELL_ROLES);
  const roster = useRoster(exam.id);
  const plan = usePlanInvigilation(exam.id);
  const confirm = useConfirm();
  const toast = useToast();
  const [perText, setPerText] = useState('30');
  const [perError, setPerError] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const duties = roster.data?.duties ?? [];
  const waiting = duties.filter((d) => d.status === 'swap_requested');

  const run = async () => {
    const parsed = ZInvigilationRequest.safeParse({ studentsPerInvigilator: Number(perText) });
    if (!parsed.success || perText.trim() === '') {
      setPerError(parsed.error?.issues[0]?.message ?? 'Give a whole number from 10 to 120');
      return;
    }
    setPerError('');
    if (duties.length > 0) {
      const ok = await confirm({
        title: 'Make the roster again?',
        text: 'Every duty is given afresh; duty letters printed before no longer match and swaps waiting are dropped.',
        confirmText: 'Make again',
      });
      if (!ok) return;
    }
    try {
      const r = await plan.mutateAsync(parsed.data);
      setResult(r.message);
      toast.success(r.message);
    } catch {
      // the refusal is shown as an alert beside the button (plan.error)
      setResult(null);
    }
  };

  const loadColumns: Array<DataColumn<Load>> = [
    { key: 'faculty', header: 'Faculty' },
    { key: 'department', header: 'Department' },
    { key: 'duties', header: 'Duties', align: 'right' },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {mayPlan && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={700}>
            Invigilation roster
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Each seated room of each session gets one invigilator for every so many students (at least one), chosen from faculty
            in service who are not on leave that day and teach none of the session&apos;s papers, fewest duties first.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label="Students per invigilator"
              value={perText}
              onChange={(e) => setPerText(e.target.value.replace(/[^\d]/g, ''))}
              error={Boolean(perError)}
              helperText={perError || 'From 10 to 120'}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'per-invigilator' } }}
              sx={{ width: { sm: 220 } }}
            />
            <Button
              variant="contained"
              startIcon={<AssignmentInd />}
              onClick={run}
              loading={plan.isPending}
              sx={{ flexShrink: 0 }}
            >
              Make the roster
            </Button>
          </Stack>
          {plan.error && (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="roster-error" onClose={() => plan.reset()}>
              {errorText(plan.error)}
            </Alert>
          )}
          {result && (
            <Alert severity="success" sx={{ mt: 1.5 }} data-testid="roster-result" onClose={() => setResult(null)}>
              {result}
            </Alert>
          )}
        </Paper>
      )}
      {mayPlan && waiting.length > 0 && <SwapsWaiting examId={exam.id} waiting={waiting} />}
      <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: -1 }}>
        Duties by date, session and room
      </Typography>
      <DataTable
        label="Invigilation duties"
        testId="duties-table"
        columns={DUTY_COLUMNS}
        {...queryRows(roster, (d) => d.duties)}
        rowKey={(d) => d.id}
        rowTestId={(d) => `duty-${d.id}`}
        cardTitle={(d) => `${ddmmyyyy(d.date)} ${d.session} · ${d.room}`}
        emptyText="No roster yet: plan the seating, then make the roster."
        search
        searchPlaceholder="Date, room or faculty"
        exportName={`invigilation-${exam.id}`}
      />
      <Box>
        <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
          Load per faculty member
        </Typography>
        <DataTable
          label="Load per faculty member"
          testId="load-table"
          columns={loadColumns}
          {...queryRows(roster, (d) => d.load)}
          rowKey={(l) => l.facultyId}
          rowTestId={(l) => `load-${l.facultyId}`}
          emptyText="No one has a duty yet."
          search
          searchPlaceholder="Faculty or department"
          paging={10}
          actionsHeader="Letter"
          actions={mayPlan ? (l) => <LetterButton examId={exam.id} row={l} /> : undefined}
        />
      </Box>
    </Box>
  );
}
