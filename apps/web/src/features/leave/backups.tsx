import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { classBlocks, displayDate, periodLabel, periodTime, type TLeaveApplication, type TMissedClass } from '@erp/shared';

const lastOf = (periods: number[]) => periods[periods.length - 1];

/** "12-01-2026 P5–7 · 13:20–15:50": a class's date, periods and bell times. */
export const classWhen = (date: string, periods: number[]) =>
  `${displayDate(date)} ${periodLabel(periods[0], lastOf(periods))} · ${periodTime(periods[0], lastOf(periods))}`;

/**
 * One backup picker per class the leave would miss: a lab's consecutive periods come as one class
 * and need one backup, chosen by its first period.
 */
export function MissedClassPickers(props: {
  missed: TMissedClass[];
  chosen: (date: string, period: number) => number | undefined;
  onChoose: (date: string, period: number, facultyId: number) => void;
}) {
  return (
    <Stack spacing={1.5}>
      {props.missed.map((m) => (
        <TextField
          key={`${m.date}:${m.period}`}
          select
          size="small"
          label={classWhen(m.date, m.periods)}
          value={props.chosen(m.date, m.period) ?? ''}
          onChange={(e) => props.onChoose(m.date, m.period, Number(e.target.value))}
          helperText={`${m.subjectName} (${m.subjectCode}) · ${m.sectionLabel}${
            m.periods.length > 1 ? `: a ${m.periods.length}-period block, one backup for all of it` : ''
          }`}
          slotProps={{ htmlInput: { 'data-testid': `backup-${m.date}-${m.period}` } }}
        >
          {m.candidates.length === 0 && (
            <MenuItem value="" disabled>
              Nobody is free for all of it
            </MenuItem>
          )}
          {m.candidates.map((c) => (
            <MenuItem key={c.facultyId} value={c.facultyId}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}

/** An application's backups, a block's periods on one line. */
export function BackupLines({
  backups,
  statusLabel,
}: {
  backups: TLeaveApplication['backups'];
  statusLabel: (s: string) => string;
}) {
  const blocks = classBlocks(backups, (b) => `${b.date}|${b.sectionLabel}|${b.subjectCode}|${b.backupFacultyId}|${b.status}`);
  return (
    <>
      {blocks.map(({ first: b, periods }) => (
        <Typography key={b.id} variant="body2">
          {`${classWhen(b.date, periods)} ${b.sectionLabel} ${b.subjectName}: ${b.backupName} (${statusLabel(b.status)})`}
        </Typography>
      ))}
    </>
  );
}
