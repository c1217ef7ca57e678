import { useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import Numbers from '@mui/icons-material/Numbers';
import EditNote from '@mui/icons-material/EditNote';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { EXAM_CELL_ROLES, type TExam, type TScripts } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useServerList } from '../../../components/useServerList';
import { useExamRooms, useExamTimetable } from '../halls/api';
import { ddmmyyyy } from '../format';
import { downloadScriptLabels, useNumberScripts, useScripts } from './api';
import { MarkScriptsDialog } from './MarkScriptsDialog';

type Script = TScripts['items'][number];
const STATUS_COLOUR = { written: 'default', absent: 'warning', malpractice: 'error' } as const;
const STATUS_TEXT = { written: 'Written', absent: 'Absent', malpractice: 'Malpractice' } as const;

const COLUMNS: Array<DataColumn<Script>> = [
  { key: 'dummyNo', header: 'Dummy no', nowrap: true },
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name', hideBelow: 'lg' },
  { key: 'paper', header: 'Paper' },
  { key: 'date', header: 'Date', nowrap: true, value: (s) => ddmmyyyy(s.date) },
  { key: 'session', header: 'Session', value: (s) => s.session ?? '—' },
  // the seat number names its room (A101-A1)
  { key: 'room', header: 'Seat', value: (s) => s.seatNo ?? s.room ?? 'No seat' },
  {
    key: 'status',
    header: 'Status',
    value: (s) => STATUS_TEXT[s.status],
    render: (s) => (
      <Chip
        size="small"
        variant={s.status === 'written' ? 'outlined' : 'filled'}
        color={STATUS_COLOUR[s.status]}
        label={STATUS_TEXT[s.status]}
      />
    ),
  },
  { key: 'remark', header: 'Remark', hideBelow: 'md' },
];

/** Number the answer scripts (dummy numbers for the evaluators), list them by room and session, mark absentees and malpractice, print labels. */
export function ScriptsTab({ exam }: { exam: TExam }) {
  const mayMark = useCan(EXAM_CELL_ROLES);
  const toast = useToast();
  const numberAll = useNumberScripts(exam.id);
  const timetable = useExamTimetable(exam.id);
  const rooms = useExamRooms(true);
  const [date, setDate] = useState('');
  const [session, setSession] = useState<'' | 'FN' | 'AN'>('');
  const [roomId, setRoomId] = useState<number | ''>('');
  const [result, setResult] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const [busyPdf, setBusyPdf] = useState(false);
  const list = useServerList({ label: 'Search scripts', placeholder: 'Dummy no, roll no or name' });
  const filter = {
    date: date || undefined,
    session: session || undefined,
    roomId: roomId === '' ? undefined : roomId,
    q: list.q || undefined,
  };
  const scripts = useScripts(exam.id, { ...filter, page: list.page + 1 });

  const sessions = useMemo(() => {
    const keys = new Set((timetable.data?.papers ?? []).filter((p) => p.date && p.session).map((p) => `${p.date}|${p.session}`));
    return [...keys].sort();
  }, [timetable.data]);
  const dates = [...new Set(sessions.map((k) => k.split('|')[0]!))];

  const run = async () => {
    try {
      const r = await numberAll.mutateAsync(undefined);
      setResult(r.message);
      toast.success(r.message);
    } catch {
      setResult(null);
    }
  };
  const labels = async () => {
    setBusyPdf(true);
    try {
      await downloadScriptLabels(exam.id, filter);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusyPdf(false);
    }
  };
  const counts = scripts.data?.counts;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {mayMark && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={700}>
            Answer scripts
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Every paper a student writes gets a random eight-digit dummy number, so evaluators never see roll numbers. Numbering
            again numbers only what is new.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="contained" startIcon={<Numbers />} onClick={run} loading={numberAll.isPending}>
              Number the answer scripts
            </Button>
            <Button variant="outlined" startIcon={<EditNote />} onClick={() => setMarking(true)}>
              Mark
            </Button>
            <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={labels} loading={busyPdf}>
              Labels PDF
            </Button>
          </Stack>
          {numberAll.error && (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="scripts-error" onClose={() => numberAll.reset()}>
              {errorText(numberAll.error)}
            </Alert>
          )}
          {result && (
            <Alert severity="success" sx={{ mt: 1.5 }} data-testid="scripts-result" onClose={() => setResult(null)}>
              {result}
            </Alert>
          )}
        </Paper>
      )}
      {counts && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="script-counts">
          <Chip variant="outlined" label={`Written: ${counts.written}`} />
          <Chip color="warning" label={`Absent: ${counts.absent}`} />
          <Chip color="error" label={`Malpractice: ${counts.malpractice}`} />
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label="Date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            list.restart();
          }}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'scripts-date' } }}
        >
          <MenuItem value="">Every date</MenuItem>
          {dates.map((d) => (
            <MenuItem key={d} value={d}>
              {ddmmyyyy(d)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Session"
          value={session}
          onChange={(e) => {
            setSession(e.target.value as '' | 'FN' | 'AN');
            list.restart();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Both</MenuItem>
          <MenuItem value="FN">Forenoon (FN)</MenuItem>
          <MenuItem value="AN">Afternoon (AN)</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Room"
          value={roomId}
          onChange={(e) => {
            setRoomId(e.target.value === '' ? '' : Number(e.target.value));
            list.restart();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Every room</MenuItem>
          {(rooms.data ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        label="Answer scripts"
        testId="scripts-table"
        columns={COLUMNS}
        {...queryRows(scripts, (d) => d.items)}
        rowKey={(s) => s.id}
        rowTestId={(s) => `script-${s.dummyNo}`}
        cardTitle={(s) => `${s.dummyNo} · ${s.rollNo}`}
        emptyText={
          date || session || roomId !== '' || list.q
            ? 'No answer script matches this filter.'
            : 'No answer script is numbered yet: number them first.'
        }
        search={list.search}
        paging={{ ...list.paging(scripts.data?.total), pageSize: scripts.data?.limit ?? 50, onPageSize: undefined }}
      />
      {marking && (
        <MarkScriptsDialog
          examId={exam.id}
          rooms={rooms.data ?? []}
          sessions={sessions}
          initial={{ date: session ? date : '', session, roomId }}
          onClose={() => setMarking(false)}
        />
      )}
    </Box>
  );
}
