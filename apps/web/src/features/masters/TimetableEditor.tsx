import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DAYS, PERIODS_PER_DAY, type TTimetable } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { GridTable } from '../../components/GridTable';
import { ApiError } from '../../lib/api-client';
import { useAllocations, useSaveTimetable } from './api';

interface Cell {
  subjectId: number;
  facultyId: number;
  subjectCode: string;
  facultyName: string;
}
type Grid = Record<string, Cell>;
const key = (day: number, period: number) => `${day}:${period}`;

/** The week of a section as a grid: pick a cell, choose an allocated subject and faculty (or a lab block), save. */
export function TimetableEditor({
  sectionId,
  academicYear,
  week,
  onDone,
}: {
  sectionId: number;
  academicYear: string;
  week: TTimetable;
  onDone: () => void;
}) {
  const allocations = useAllocations(sectionId, academicYear);
  const save = useSaveTimetable(sectionId);
  const toast = useToast();
  const [grid, setGrid] = useState<Grid>({});
  const [clashes, setClashes] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ day: number; period: number } | null>(null);
  useEffect(() => {
    const g: Grid = {};
    for (const s of week.slots)
      g[key(s.day, s.period)] = {
        subjectId: s.subjectId,
        facultyId: s.facultyId,
        subjectCode: s.subjectCode,
        facultyName: s.facultyName,
      };
    setGrid(g);
    setClashes({});
  }, [week]);

  const put = (day: number, period: number, span: number, cell: Cell | null) => {
    setGrid((g) => {
      const next = { ...g };
      for (let p = period; p < Math.min(PERIODS_PER_DAY, period + span - 1) + 1; p++) {
        if (cell) next[key(day, p)] = cell;
        else delete next[key(day, p)];
      }
      return next;
    });
    setClashes((c) => {
      const next = { ...c };
      for (let p = period; p < period + span; p++) delete next[key(day, p)];
      return next;
    });
  };

  const submit = () => {
    const slots = Object.entries(grid).map(([k, c]) => {
      const [day, period] = k.split(':').map(Number);
      return { day, period, span: 1, subjectId: c.subjectId, facultyId: c.facultyId };
    });
    save.mutate(
      { slots },
      {
        onSuccess: () => {
          toast.success('Timetable saved');
          setClashes({});
          onDone();
        },
        onError: (e) => {
          const body =
            e instanceof ApiError ? (e.body as { clashes?: Array<{ day: number; period: number; message: string }> }) : null;
          if (body?.clashes?.length) setClashes(Object.fromEntries(body.clashes.map((c) => [key(c.day, c.period), c.message])));
          toast.error(e.message);
        },
      },
    );
  };

  const pairs = (allocations.data ?? []).map((a) => ({
    value: `${a.subjectId}:${a.facultyId}`,
    label: `${a.subjectCode} ${a.subjectName} · ${a.facultyName}`,
    cell: { subjectId: a.subjectId, facultyId: a.facultyId, subjectCode: a.subjectCode, facultyName: a.facultyName },
  }));
  const clashCount = Object.keys(clashes).length;
  return (
    <Box>
      {allocations.data && pairs.length === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {`No subjects are allocated to this section for ${academicYear}: allocate them first.`}
        </Alert>
      )}
      {clashCount > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="clash-alert">
          {`${clashCount} period(s) clash with another section's timetable: see the cells marked in red.`}
        </Alert>
      )}
      <GridTable
        label="Timetable editor"
        sx={{ minWidth: 820, tableLayout: 'fixed' }}
        head={[
          { key: 'day', content: 'Day', sx: { width: 56 } },
          ...Array.from({ length: PERIODS_PER_DAY }, (_, i) => ({ key: i, content: `P${i + 1}` })),
        ]}
        rows={DAYS.map((d, di) => ({
          key: d,
          cells: [
            { key: 'day', content: d.slice(0, 3), rowHeader: true, sx: { fontWeight: 700 } },
            ...Array.from({ length: PERIODS_PER_DAY }, (_, pi) => {
              const c = grid[key(di + 1, pi + 1)];
              const clash = clashes[key(di + 1, pi + 1)];
              return {
                key: pi,
                testId: `cell-${di + 1}-${pi + 1}`,
                sx: {
                  p: 0.5,
                  fontSize: 12,
                  verticalAlign: 'top',
                  bgcolor: clash ? 'error.light' : undefined,
                  outline: clash ? '2px solid' : undefined,
                  outlineColor: 'error.main',
                },
                content: (
                  <ButtonBase
                    onClick={() => setEditing({ day: di + 1, period: pi + 1 })}
                    aria-label={`${d} period ${pi + 1}${c ? `: ${c.subjectCode}` : ': free'}`}
                    sx={{ display: 'block', width: '100%', minHeight: 44, textAlign: 'left', p: 0.5, borderRadius: 1 }}
                  >
                    {c ? (
                      <>
                        <b>{c.subjectCode}</b>
                        <br />
                        {c.facultyName}
                      </>
                    ) : (
                      <Typography variant="caption" color="text.disabled">
                        free
                      </Typography>
                    )}
                    {clash && (
                      <Typography variant="caption" sx={{ display: 'block', color: 'error.contrastText' }} role="alert">
                        {clash}
                      </Typography>
                    )}
                  </ButtonBase>
                ),
              };
            }),
          ],
        }))}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save timetable'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
      {editing && (
        <CellDialog
          title={`${DAYS[editing.day - 1]}, period ${editing.period}`}
          current={grid[key(editing.day, editing.period)]}
          pairs={pairs}
          onClose={() => setEditing(null)}
          onPick={(cell, span) => {
            put(editing.day, editing.period, span, cell);
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}

function CellDialog({
  title,
  current,
  pairs,
  onClose,
  onPick,
}: {
  title: string;
  current?: Cell;
  pairs: Array<{ value: string; label: string; cell: Cell }>;
  onClose: () => void;
  onPick: (cell: Cell | null, span: number) => void;
}) {
  const [value, setValue] = useState(current ? `${current.subjectId}:${current.facultyId}` : '');
  const [span, setSpan] = useState(1);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select size="small" label="Subject and faculty" value={value} onChange={(e) => setValue(e.target.value)}>
            <MenuItem value="">Free period</MenuItem>
            {pairs.map((p) => (
              <MenuItem key={p.value} value={p.value}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Periods (a lab block spans more)"
            value={span}
            onChange={(e) => setSpan(Number(e.target.value))}
          >
            {[1, 2, 3, 4].map((n) => (
              <MenuItem key={n} value={n}>
                {n === 1 ? '1 period' : `${n} periods`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onPick(pairs.find((p) => p.value === value)?.cell ?? null, span)}>
          Set
        </Button>
      </DialogActions>
    </Dialog>
  );
}
