import { MenuItem, TextField } from '@mui/material';
import { qualityYearLabel } from '@erp/shared';

/** The academic year the office's today falls in (May to April): 2026-11-29 → 2026. */
export const thisAcademicYear = () => {
  const d = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return Number(d.slice(0, 4)) - (d.slice(5, 10) < '05-01' ? 1 : 0);
};

/** An academic year to look at: this one and the five before it. */
export function YearField({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const now = thisAcademicYear();
  return (
    <TextField
      select
      size="small"
      label="Academic year"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 150 }}
    >
      {Array.from({ length: 6 }, (_, i) => now - i).map((y) => (
        <MenuItem key={y} value={y}>
          {qualityYearLabel(y)}
        </MenuItem>
      ))}
    </TextField>
  );
}
