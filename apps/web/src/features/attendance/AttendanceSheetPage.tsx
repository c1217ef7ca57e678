import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { displayDate, MARK_LABELS, periodTime, type TSheetClass } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { sendSheet, useSheet, useSubmitSheet } from './api';
import { flushQueue, newClientId, readQueue } from './offline-queue';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Sheets kept in the browser, and sending them again when the connection returns. */
function useQueue() {
  const [count, setCount] = useState(() => readQueue().length);
  const [online, setOnline] = useState(() => navigator.onLine);
  const qc = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    const update = () => setCount(readQueue().length);
    const flush = () => {
      setOnline(true);
      if (readQueue().length === 0) return;
      flushQueue(sendSheet)
        .then((r) => {
          if (r.results.size) toast.success(`${r.results.size} sheet(s) kept offline have been sent`);
          for (const m of r.refused.values()) toast.error(m);
        })
        .catch((e: Error) => toast.error(e.message))
        .finally(() => qc.invalidateQueries({ queryKey: ['attendance'] }));
    };
    const offline = () => setOnline(false);
    window.addEventListener('attendance-queue', update);
    window.addEventListener('online', flush);
    window.addEventListener('offline', offline);
    flush();
    return () => {
      window.removeEventListener('attendance-queue', update);
      window.removeEventListener('online', flush);
      window.removeEventListener('offline', offline);
    };
  }, [qc, toast]);
  return { count, online };
}

function Roster({ cls, date, onDone }: { cls: TSheetClass; date: string; onDone: () => void }) {
  const [marks, setMarks] = useState<Record<string, string>>(() =>
    Object.fromEntries(cls.students.map((s) => [s.rollNo, s.status])),
  );
  const submit = useSubmitSheet();
  const toast = useToast();
  const locked = cls.session !== null && !cls.session.editable;
  const absent = Object.values(marks).filter((m) => m === 'A').length;
  const toggle = (roll: string) => !locked && setMarks((m) => ({ ...m, [roll]: m[roll] === 'P' ? 'A' : 'P' }));

  const save = () =>
    submit.mutate(
      {
        sectionId: cls.sectionId,
        subjectCode: cls.subjectCode,
        date,
        period: cls.period,
        absentRollNos: Object.entries(marks)
          .filter(([, s]) => s === 'A')
          .map(([r]) => r),
        marks: Object.entries(marks)
          .filter(([, s]) => s !== 'A' && s !== 'P')
          .map(([rollNo, status]) => ({ rollNo, status: status as 'L' })),
        clientId: newClientId(),
      },
      {
        onSuccess: (r) => {
          if ('queued' in r)
            toast.info('You are offline: the sheet is kept on this phone and will be sent when the connection returns');
          else toast.success(r.message);
          onDone();
        },
        onError: (e) => toast.error(e.message),
      },
    );

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box data-testid="sheet-header">
          <Typography variant="subtitle1" fontWeight={700}>
            {`P${cls.period} · ${cls.subjectName}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${periodTime(cls.period)} · ${cls.subjectCode} · ${cls.sectionLabel}`}
          </Typography>
        </Box>
        {cls.asBackup && <Chip size="small" color="info" label="As backup" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Everyone is present; tap the absentees. Use the list on a student for late, on duty or medical.
      </Typography>
      {locked && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          The edit window has closed; ask your HoD to unlock this sheet.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1 }} data-testid="roster">
        {cls.students.map((s) => (
          <Card
            key={s.rollNo}
            variant="outlined"
            sx={{ bgcolor: marks[s.rollNo] === 'A' ? 'error.light' : marks[s.rollNo] === 'P' ? undefined : 'warning.light' }}
          >
            <ButtonBase
              sx={{ width: '100%', p: 1, display: 'block', textAlign: 'left' }}
              onClick={() => toggle(s.rollNo)}
              aria-pressed={marks[s.rollNo] === 'A'}
              aria-label={`${s.rollNo} ${s.name}: ${MARK_LABELS[marks[s.rollNo]]}`}
              data-roll={s.rollNo}
            >
              <Typography fontWeight={700}>{s.rollNo.slice(-3)}</Typography>
              <Typography variant="body2" noWrap>
                {s.name}
              </Typography>
            </ButtonBase>
            <TextField
              select
              size="small"
              variant="standard"
              value={marks[s.rollNo]}
              onChange={(e) => setMarks((m) => ({ ...m, [s.rollNo]: e.target.value }))}
              disabled={locked}
              sx={{ px: 1, pb: 0.5, width: '100%' }}
              slotProps={{ htmlInput: { 'aria-label': `Mark for ${s.rollNo}` } }}
            >
              {Object.entries(MARK_LABELS).map(([k, v]) => (
                <MenuItem key={k} value={k}>
                  {v}
                </MenuItem>
              ))}
            </TextField>
          </Card>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, position: 'sticky', bottom: 8 }}>
        <Button variant="contained" size="large" onClick={save} disabled={locked || submit.isPending} sx={{ flex: 1 }}>
          {submit.isPending ? 'Saving…' : `Submit · ${cls.students.length - absent} present, ${absent} absent`}
        </Button>
        <Button onClick={onDone}>Back</Button>
      </Stack>
    </Box>
  );
}

export function AttendanceSheetPage() {
  const [date, setDate] = useState(today);
  const sheet = useSheet(date);
  const [open, setOpen] = useState<string | null>(null);
  const queue = useQueue();
  const cls = useMemo(() => sheet.data?.classes.find((c) => `${c.sectionId}:${c.period}` === open) ?? null, [sheet.data, open]);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" fontWeight={700}>
          Attendance sheet
        </Typography>
        <TextField
          type="date"
          size="small"
          label="Date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setOpen(null);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {!queue.online && <Chip color="warning" label="Offline" data-testid="offline-chip" />}
        {queue.count > 0 && <Chip color="info" label={`${queue.count} sheet(s) waiting to be sent`} data-testid="queue-chip" />}
      </Stack>
      <QueryState spinner query={sheet}>
        {cls ? (
          <Roster key={`${cls.sectionId}:${cls.period}:${date}`} cls={cls} date={date} onDone={() => setOpen(null)} />
        ) : (
          sheet.data && (
            <Stack spacing={1}>
              {!sheet.data.workingDay && <Alert severity="info">{`${displayDate(date)} is not a working day.`}</Alert>}
              {sheet.data.classes.length === 0 && <Alert severity="info">{`No classes on ${displayDate(date)}.`}</Alert>}
              {sheet.data.classes.map((c) => (
                <Card key={`${c.sectionId}:${c.period}`} variant="outlined">
                  <CardActionArea onClick={() => setOpen(`${c.sectionId}:${c.period}`)}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                      <Box sx={{ minWidth: 88 }}>
                        <Typography variant="h6">{`P${c.period}`}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {periodTime(c.period)}
                        </Typography>
                      </Box>
                      <Box sx={{ flex: 1, minWidth: 180 }}>
                        <Typography fontWeight={700}>{c.subjectName}</Typography>
                        <Typography
                          variant="body2"
                          color="text.secondary"
                        >{`${c.subjectCode} · ${c.sectionLabel} · ${c.students.length} students`}</Typography>
                      </Box>
                      {c.asBackup && <Chip size="small" color="info" label="As backup" />}
                      {c.session ? (
                        <Chip size="small" color="success" label={`Marked · ${c.session.absent} absent`} />
                      ) : (
                        <Chip size="small" label="Not marked" />
                      )}
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Stack>
          )
        )}
      </QueryState>
    </Box>
  );
}
