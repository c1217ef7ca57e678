import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import EventSeat from '@mui/icons-material/EventSeat';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { EXAM_CELL_ROLES, type TExam, type TExamRoom, type TSeatingRoom } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { errorText } from '../../../components/DataTable';
import { useConfirm, useToast } from '../../../components/feedback';
import { QueryState } from '../../../components/QueryState';
import { ddmmyyyy, sessionLabel } from '../format';
import { downloadRoomSheets, useExamRooms, useExamTimetable, usePlanSeating, useSeating } from './api';

type Session = 'FN' | 'AN';

/** The room as the invigilator faces it: row A at the front, columns from the left. */
function SeatGrid({ room }: { room: TSeatingRoom }) {
  const at = new Map(room.seats.map((s) => [`${s.row}|${s.col}`, s]));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        role="grid"
        aria-label={`Seats of ${room.name}`}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${room.cols}, minmax(84px, 1fr))`,
          gap: 0.5,
          minWidth: room.cols * 88,
        }}
      >
        {Array.from({ length: room.rows }, (_, r) =>
          Array.from({ length: room.cols }, (_, c) => {
            const seat = at.get(`${r + 1}|${c + 1}`);
            const label = `${String.fromCharCode(65 + r)}${c + 1}`;
            return (
              <Box
                key={label}
                role="gridcell"
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 0.5,
                  minHeight: 48,
                  bgcolor: seat ? 'background.paper' : 'action.hover',
                }}
              >
                <Typography variant="caption" color="text.secondary" component="div">
                  {label}
                </Typography>
                {seat && (
                  <>
                    <Typography variant="body2" fontWeight={700} sx={{ fontSize: 12 }} component="div">
                      {seat.rollNo}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {seat.paperCode}
                    </Typography>
                  </>
                )}
              </Box>
            );
          }),
        )}
      </Box>
    </Box>
  );
}

function RoomCard({ examId, room, date, session }: { examId: number; room: TSeatingRoom; date: string; session: Session }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const papers = new Map<string, number>();
  for (const s of room.seats) papers.set(s.paperCode, (papers.get(s.paperCode) ?? 0) + 1);
  const pdf = async () => {
    setBusy(true);
    try {
      await downloadRoomSheets(examId, room.roomId, room.name, date, session);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }} data-testid={`seating-room-${room.name}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={700}>
            {room.name}{' '}
            {room.block && (
              <Typography component="span" color="text.secondary">
                · {room.block}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {room.seats.length} of {room.rows * room.cols} seats
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide seats' : 'Show seats'}
          </Button>
          <Button size="small" variant="outlined" startIcon={<PictureAsPdf />} onClick={pdf} loading={busy}>
            Room sheets
          </Button>
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {[...papers].sort().map(([code, n]) => (
          <Chip key={code} size="small" variant="outlined" label={`${code}: ${n}`} />
        ))}
      </Stack>
      {open && (
        <Box sx={{ mt: 1.5 }}>
          <SeatGrid room={room} />
        </Box>
      )}
    </Paper>
  );
}

/** Seat a session's students so no neighbour writes the same paper; each room's chart, door list and attendance sheet. */
export function SeatingTab({ exam }: { exam: TExam }) {
  const mayPlan = useCan(EXAM_CELL_ROLES);
  const timetable = useExamTimetable(exam.id);
  const rooms = useExamRooms();
  const plan = usePlanSeating(exam.id);
  const confirm = useConfirm();
  const toast = useToast();
  const sessions = useMemo(() => {
    const keys = new Set((timetable.data?.papers ?? []).filter((p) => p.date && p.session).map((p) => `${p.date}|${p.session}`));
    return [...keys].sort();
  }, [timetable.data]);
  const [chosen, setChosen] = useState('');
  const key = chosen || sessions[0] || '';
  const [date = '', session = ''] = key.split('|') as [string?, string?];
  const [picked, setPicked] = useState<TExamRoom[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const seating = useSeating(exam.id, date, session as Session | '');

  const run = async () => {
    if (seating.data?.rooms.length) {
      const ok = await confirm({
        title: 'Plan this session again?',
        text: `The seating of ${ddmmyyyy(date)} ${session} is replaced; room sheets printed before no longer match.`,
        confirmText: 'Plan again',
      });
      if (!ok) return;
    }
    try {
      const r = await plan.mutateAsync({
        date,
        session: session as Session,
        ...(picked.length ? { roomIds: picked.map((p) => p.id) } : {}),
      });
      setResult(
        `${r.students} students seated in ${r.roomsUsed} room${r.roomsUsed === 1 ? '' : 's'} for ${ddmmyyyy(date)} ${sessionLabel(session)}; ` +
          `${r.emptySeats} seat${r.emptySeats === 1 ? '' : 's'} left empty in the rooms used`,
      );
      toast.success(r.message);
    } catch (e) {
      setResult(null);
      toast.error(errorText(e));
    }
  };

  return (
    <QueryState query={timetable} what="the timetable">
      {sessions.length === 0 ? (
        <Alert severity="info">No paper has a date yet: set the timetable first.</Alert>
      ) : (
        // minmax(0, 1fr): a wide room's grid scrolls inside its card instead of widening the page
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
              <TextField
                select
                size="small"
                label="Session"
                value={key}
                onChange={(e) => {
                  setChosen(e.target.value);
                  setResult(null);
                  plan.reset();
                }}
                sx={{ minWidth: 220 }}
                slotProps={{ htmlInput: { 'data-testid': 'seating-session' } }}
              >
                {sessions.map((k) => {
                  const [d, s] = k.split('|');
                  return (
                    <MenuItem key={k} value={k}>
                      {ddmmyyyy(d)} {sessionLabel(s ?? null)}
                    </MenuItem>
                  );
                })}
              </TextField>
              {mayPlan && (
                <>
                  <Autocomplete
                    multiple
                    size="small"
                    options={rooms.data ?? []}
                    value={picked}
                    onChange={(_e, v) => setPicked(v)}
                    getOptionLabel={(r) => `${r.name} (${r.capacity})`}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    sx={{ flexGrow: 1, minWidth: 240 }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label="Rooms, in the order to fill"
                        helperText="Leave empty to fill every room in use, by block and name"
                      />
                    )}
                  />
                  <Button
                    variant="contained"
                    startIcon={<EventSeat />}
                    onClick={run}
                    loading={plan.isPending}
                    sx={{ flexShrink: 0 }}
                  >
                    Plan seating
                  </Button>
                </>
              )}
            </Stack>
            {plan.error && (
              <Alert severity="error" sx={{ mt: 1.5 }} data-testid="seating-error" onClose={() => plan.reset()}>
                {errorText(plan.error)}
              </Alert>
            )}
            {result && (
              <Alert severity="success" sx={{ mt: 1.5 }} data-testid="seating-result" onClose={() => setResult(null)}>
                {result}
              </Alert>
            )}
          </Paper>
          <QueryState query={seating} what="the seating plan">
            {seating.data && (
              <Stack spacing={1.5}>
                <Typography variant="body2" color="text.secondary" data-testid="seating-summary">
                  {seating.data.students} students write on {ddmmyyyy(date)} {sessionLabel(session)};{' '}
                  {seating.data.rooms.length === 0
                    ? 'no seating plan yet.'
                    : `${seating.data.rooms.length} room${seating.data.rooms.length === 1 ? '' : 's'} in the plan.`}
                </Typography>
                {seating.data.unseated > 0 && seating.data.rooms.length > 0 && (
                  <Alert severity="warning">
                    {seating.data.unseated} student{seating.data.unseated === 1 ? ' has' : 's have'} no seat (registered after the
                    plan): plan the session again.
                  </Alert>
                )}
                {seating.data.rooms.map((r) => (
                  <RoomCard key={r.roomId} examId={exam.id} room={r} date={date} session={session as Session} />
                ))}
              </Stack>
            )}
          </QueryState>
        </Box>
      )}
    </QueryState>
  );
}
