import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { DUTY_MSG, ZMarkScripts, type TExamRoom } from '@erp/shared';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { ddmmyyyy } from '../format';
import { useMarkScripts } from './api';

type Status = 'absent' | 'malpractice' | 'written';
interface Row {
  rollNo: string;
  status: Status;
  remark: string;
}
const EMPTY_ROW: Row = { rollNo: '', status: 'absent', remark: '' };
const STATUS_TEXT: Record<Status, string> = { absent: 'Absent', malpractice: 'Malpractice', written: 'Written (undo a mark)' };

/** Field messages by path ("marks.0.remark"), from the schema or from the server's answer. */
type Errors = Record<string, string>;
function serverErrors(e: unknown, rows: Row[]): Errors {
  const out: Errors = {};
  if (e instanceof ApiError && e.body && typeof e.body === 'object' && 'errors' in e.body) {
    for (const i of (e.body as { errors: Array<{ path: string; message: string }> }).errors) out[i.path] ??= i.message;
  }
  // "22A91A0501 does not sit in this room in this session" belongs beside that roll number
  rows.forEach((r, i) => {
    if (e instanceof Error && e.message === DUTY_MSG.notInRoom(r.rollNo.trim().toUpperCase()))
      out[`marks.${i}.rollNo`] = e.message;
  });
  return out;
}

/** Marks roll numbers of one room and session absent or for malpractice (with what happened). */
export function MarkScriptsDialog(props: {
  examId: number;
  rooms: TExamRoom[];
  sessions: string[];
  initial: { date: string; session: string; roomId: number | '' };
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const toast = useToast();
  const mark = useMarkScripts(props.examId);
  const [slot, setSlot] = useState(
    props.initial.date && props.initial.session ? `${props.initial.date}|${props.initial.session}` : '',
  );
  const [roomId, setRoomId] = useState<number | ''>(props.initial.roomId);
  const [rows, setRows] = useState<Row[]>([{ ...EMPTY_ROW }]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [date = '', session = ''] = slot.split('|');

  const edit = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async () => {
    setFailure('');
    const local: Errors = {};
    if (!slot) local.session = 'Choose the date and session';
    if (roomId === '') local.roomId = 'Choose the room';
    const parsed = ZMarkScripts.safeParse({
      roomId: roomId || 1,
      date: date || '2000-01-01',
      session: session || 'FN',
      marks: rows,
    });
    if (!parsed.success) for (const i of parsed.error.issues) local[i.path.join('.')] ??= i.message;
    setErrors(local);
    if (Object.keys(local).length > 0 || !parsed.success) return;
    try {
      const r = await mark.mutateAsync(parsed.data);
      toast.success(r.message);
      props.onClose();
    } catch (e) {
      const fields = serverErrors(e, rows);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorText(e));
    }
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="mark-scripts-title">
      <DialogTitle id="mark-scripts-title">Mark answer scripts of a room</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              select
              size="small"
              label="Date and session"
              value={slot}
              onChange={(e) => setSlot(e.target.value)}
              error={Boolean(errors.session || errors.date)}
              helperText={errors.session || errors.date}
              sx={{ minWidth: 220 }}
            >
              {props.sessions.map((k) => {
                const [d, s] = k.split('|');
                return (
                  <MenuItem key={k} value={k}>
                    {ddmmyyyy(d)} {s}
                  </MenuItem>
                );
              })}
            </TextField>
            <TextField
              select
              size="small"
              label="Room"
              value={roomId}
              onChange={(e) => setRoomId(Number(e.target.value))}
              error={Boolean(errors.roomId)}
              helperText={errors.roomId}
              sx={{ minWidth: 160 }}
            >
              {props.rooms.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {errors.marks && <Alert severity="error">{errors.marks}</Alert>}
          {rows.map((r, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={`mark-row-${i}`}>
              <TextField
                size="small"
                label="Roll no"
                value={r.rollNo}
                onChange={(e) => edit(i, { rollNo: e.target.value.toUpperCase() })}
                error={Boolean(errors[`marks.${i}.rollNo`])}
                helperText={errors[`marks.${i}.rollNo`]}
                sx={{ width: { sm: 200 }, flexShrink: 0 }}
              />
              <TextField
                select
                size="small"
                label="Mark"
                value={r.status}
                onChange={(e) => edit(i, { status: e.target.value as Status })}
                error={Boolean(errors[`marks.${i}.status`])}
                helperText={errors[`marks.${i}.status`]}
                sx={{ width: { sm: 200 } }}
              >
                {(Object.keys(STATUS_TEXT) as Status[]).map((s) => (
                  <MenuItem key={s} value={s}>
                    {STATUS_TEXT[s]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Remark"
                value={r.remark}
                onChange={(e) => edit(i, { remark: e.target.value })}
                error={Boolean(errors[`marks.${i}.remark`])}
                helperText={
                  errors[`marks.${i}.remark`] || (r.status === 'malpractice' ? 'What happened (at least 5 characters)' : '')
                }
                sx={{ flexGrow: 1 }}
              />
              <IconButton
                aria-label={`Remove row ${i + 1}`}
                onClick={() => setRows((rs) => (rs.length > 1 ? rs.filter((_x, j) => j !== i) : [{ ...EMPTY_ROW }]))}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
            <Button
              size="small"
              startIcon={<Add />}
              sx={{ flexShrink: 0 }}
              onClick={() => setRows((rs) => [...rs, { ...EMPTY_ROW }])}
            >
              Add a roll number
            </Button>
            <Typography variant="caption" color="text.secondary">
              Only students seated in this room in this session can be marked.
            </Typography>
          </Stack>
          {failure && (
            <Alert severity="error" data-testid="mark-error">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} loading={mark.isPending}>
          Save marks
        </Button>
      </DialogActions>
    </Dialog>
  );
}
