import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { classBlocks, DAYS, periodLabel, periodTime, type TPeriodTime, type TSlot } from '@erp/shared';
import { GridTable, type GridCell } from '../../components/GridTable';

/** A day's classes, a lab's consecutive periods joined into one block. */
const dayBlocks = (slots: TSlot[], day: number) =>
  classBlocks(
    slots.filter((s) => s.day === day),
    (s) => `${s.sectionId}|${s.subjectId}|${s.facultyId}`,
  ).sort((a, b) => a.periods[0] - b.periods[0]);

/** A class: its subject's name, code and (unless the column heads say it) its time, and who or where. */
function ClassText({ s, periods, who, timed }: { s: TSlot; periods: number[]; who: string; timed: boolean }) {
  const last = periods[periods.length - 1];
  return (
    <>
      <Typography variant="body2" fontWeight={700} sx={{ lineHeight: 1.25 }}>
        {s.subjectName}
      </Typography>
      <Typography variant="caption" color="text.secondary" display="block">
        {[s.subjectCode, ...(s.kind === 'lab' ? ['Lab'] : []), ...(timed ? [periodTime(periods[0], last)] : [])].join(' · ')}
      </Typography>
      <Typography variant="caption" display="block">
        {who}
      </Typography>
    </>
  );
}

/**
 * A week of classes with subject names and bell times: days × periods on a wide screen (a lab one
 * cell across its periods), a list per day on a phone.
 */
export function WeekGrid({
  slots,
  periods,
  who,
}: {
  slots: TSlot[];
  periods: TPeriodTime[];
  /** the second line of a class: the teacher (a section's week) or the section (a teacher's) */
  who: (s: TSlot) => string;
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (phone)
    return (
      <Stack spacing={1.5} data-testid="week-grid">
        {DAYS.map((d, di) => {
          const blocks = dayBlocks(slots, di + 1);
          return (
            <Box key={d}>
              <Typography fontWeight={700}>{d}</Typography>
              {blocks.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No classes
                </Typography>
              )}
              {blocks.map((b) => (
                <Box
                  key={b.periods[0]}
                  data-testid="week-class"
                  sx={{ display: 'grid', gridTemplateColumns: '56px 1fr', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
                >
                  <Typography variant="body2" fontWeight={700}>
                    {periodLabel(b.periods[0], b.periods[b.periods.length - 1])}
                  </Typography>
                  <Box>
                    <ClassText s={b.first} periods={b.periods} who={who(b.first)} timed />
                  </Box>
                </Box>
              ))}
            </Box>
          );
        })}
      </Stack>
    );
  return (
    <GridTable
      label="Weekly timetable"
      testId="week-grid"
      sx={{ minWidth: 960, tableLayout: 'fixed' }}
      head={[
        { key: 'day', content: 'Day', sx: { width: 56 } },
        ...periods.map((p) => ({
          key: p.period,
          content: (
            <>
              <b>{`P${p.period}`}</b>
              <Typography variant="caption" color="text.secondary" display="block">
                {`${p.start}–${p.end}`}
              </Typography>
            </>
          ),
        })),
      ]}
      rows={DAYS.map((d, di) => {
        const blocks = dayBlocks(slots, di + 1);
        const cells: GridCell[] = [{ key: 'day', content: d.slice(0, 3), rowHeader: true, sx: { fontWeight: 700 } }];
        for (let p = 1; p <= periods.length; p++) {
          const b = blocks.find((x) => x.periods[0] === p);
          if (b) {
            cells.push({
              key: p,
              span: b.periods.length,
              testId: 'week-class',
              sx: { bgcolor: b.first.kind === 'lab' ? 'action.hover' : undefined, verticalAlign: 'top' },
              content: <ClassText s={b.first} periods={b.periods} who={who(b.first)} timed={b.periods.length > 1} />,
            });
            p += b.periods.length - 1;
          } else cells.push({ key: p });
        }
        return { key: d, cells };
      })}
    />
  );
}
