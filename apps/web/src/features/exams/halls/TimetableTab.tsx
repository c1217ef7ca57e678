import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import { EXAM_CELL_ROLES, EXAM_SESSIONS, type TExam, type TExamPaper } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { FormDialog } from '../../../components/FormDialog';
import { useConfirm, useToast } from '../../../components/feedback';
import { ddmmyyyy, sessionLabel } from '../format';
import { useClashes, useExamTimetable, useProposeTimetable, useSaveTimetable } from './api';

const COLUMNS: Array<DataColumn<TExamPaper>> = [
  { key: 'date', header: 'Date', nowrap: true, value: (p) => (p.date ? ddmmyyyy(p.date) : 'Not set') },
  { key: 'session', header: 'Session', value: (p) => (p.session ? sessionLabel(p.session) : '—') },
  { key: 'code', header: 'Code', nowrap: true },
  { key: 'name', header: 'Subject' },
  { key: 'semester', header: 'Semester', hideBelow: 'md' },
  { key: 'branch', header: 'Branch', hideBelow: 'md', value: (p) => p.branch || 'All' },
  { key: 'registered', header: 'Students', align: 'right' },
];

/** One paper's date and session, set by hand. */
function SlotDialog({ exam, paper, onClose }: { exam: TExam; paper: TExamPaper; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveTimetable(exam.id);
  const [date, setDate] = useState(paper.date ?? '');
  const [session, setSession] = useState(paper.session ?? 'FN');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({
        papers: [{ paperId: paper.id, date: date || null, session: date ? (session as 'FN' | 'AN') : null }],
      });
      toast.success(`${paper.code} ${date ? `set for ${ddmmyyyy(date)} ${session}` : 'cleared'}`);
      onClose();
    } catch {
      /* shown in the dialog */
    }
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="slot-title"
      title={`${paper.code} ${paper.name}`}
      onSubmit={submit}
      error={save.error ? errorText(save.error) : undefined}
      errorTestId="slot-error"
      intro={
        <Typography variant="body2" color="text.secondary">
          Between {ddmmyyyy(exam.startsOn)} and {ddmmyyyy(exam.endsOn)}, not a Sunday. Leave the date empty to clear it.
        </Typography>
      }
      submitLabel="Save"
      busy={save.isPending}
      spinner
      maxWidth="xs"
    >
      <TextField
        label="Date"
        type="date"
        size="small"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: exam.startsOn, max: exam.endsOn, 'data-testid': 'slot-date' },
        }}
      />
      <TextField
        select
        label="Session"
        size="small"
        value={session}
        onChange={(e) => setSession(e.target.value)}
        disabled={!date}
      >
        {EXAM_SESSIONS.map((s) => (
          <MenuItem key={s} value={s}>
            {s} ({sessionLabel(s)})
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

/** The exam timetable: every paper's date and session, proposed in one go or set by hand, with the clash count. */
export function TimetableTab({ exam }: { exam: TExam }) {
  const mayEdit = useCan(EXAM_CELL_ROLES);
  const timetable = useExamTimetable(exam.id);
  const clashes = useClashes(exam.id);
  const propose = useProposeTimetable(exam.id);
  const confirm = useConfirm();
  const toast = useToast();
  const [forenoonsOnly, setForenoonsOnly] = useState(false);
  const [editing, setEditing] = useState<TExamPaper | null>(null);
  const [proposal, setProposal] = useState<string | null>(null);
  const locked = timetable.data?.locked ?? false;

  const run = async () => {
    const ok = await confirm({
      title: 'Propose a timetable?',
      text: 'Every paper gets a new date and session: no student writes two papers in one session and, where the days allow, not two on one day. Dates set by hand are replaced.',
      confirmText: 'Propose',
    });
    if (!ok) return;
    try {
      const r = await propose.mutateAsync({ sessions: forenoonsOnly ? ['FN'] : ['FN', 'AN'] });
      setProposal(r.message);
      toast.success('Timetable proposed');
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const c = clashes.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {locked && <Alert severity="info">The exam is in progress: the timetable is fixed.</Alert>}
      {mayEdit && !locked && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={700}>
            Propose a timetable
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Papers that share a student never get the same session; electives and backlog papers are included. Sundays are left
            out.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="contained" startIcon={<AutoFixHigh />} onClick={run} loading={propose.isPending}>
              Propose timetable
            </Button>
            <FormControlLabel
              control={<Switch checked={forenoonsOnly} onChange={(e) => setForenoonsOnly(e.target.checked)} />}
              label="Forenoons only"
            />
          </Stack>
          {proposal && (
            <Alert severity="success" sx={{ mt: 1.5 }} onClose={() => setProposal(null)} data-testid="proposal">
              {proposal}
            </Alert>
          )}
        </Paper>
      )}
      {c && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="clash-summary">
          <Chip
            color={c.sessionStudents ? 'error' : 'success'}
            label={c.sessionStudents ? `${c.sessionStudents} students with two papers in one session` : 'No same-session clash'}
          />
          <Chip
            variant="outlined"
            color={c.dayStudents ? 'warning' : 'default'}
            label={c.dayStudents ? `${c.dayStudents} students with two papers on one day` : 'No one writes twice a day'}
          />
          {c.unscheduledPapers > 0 && <Chip variant="outlined" label={`${c.unscheduledPapers} papers without a date`} />}
        </Stack>
      )}
      <DataTable
        label="Exam timetable"
        columns={COLUMNS}
        {...queryRows(timetable, (d) => d.papers)}
        rowKey={(p) => p.id}
        rowTestId={(p) => `paper-${p.code}`}
        emptyText="This exam has no papers yet."
        search
        paging={false}
        exportName={`timetable-${exam.id}`}
        actions={(p) =>
          mayEdit &&
          !locked && (
            <Button size="small" onClick={() => setEditing(p)}>
              {p.date ? 'Change' : 'Set date'}
            </Button>
          )
        }
      />
      {editing && <SlotDialog key={editing.id} exam={exam} paper={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
