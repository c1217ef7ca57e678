import { MenuItem, TextField } from '@mui/material';

/** "Every paper" or one paper: the filter the scripts' lists share. */
export function PaperFilter({
  papers,
  value,
  onChange,
  minWidth = 200,
}: {
  papers: ReadonlyArray<{ id: number; label: string }>;
  value: number | '';
  onChange: (paperId: number | '') => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label="Paper"
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ minWidth }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Every paper</MenuItem>
      {papers.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
