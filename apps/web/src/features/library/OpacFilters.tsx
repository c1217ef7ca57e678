import { Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { ITEM_TYPE_LABELS, ITEM_TYPES } from '@erp/shared';
import { useOpacSubjects, type TitleFilters } from './api';

/**
 * The OPAC's filters: item type, subject (the catalogue's own, most used), years of publication
 * and copies on the shelf. `now` says whether the change applies at once (the years wait for the
 * search to be submitted, so a half-typed year is not sent).
 */
export function OpacFilters({
  value,
  onChange,
  errors,
}: {
  value: TitleFilters;
  onChange: (next: TitleFilters, now: boolean) => void;
  errors: Record<string, string>;
}) {
  const subjects = useOpacSubjects();
  return (
    <Box
      data-testid="opac-filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: '160px minmax(180px, 1fr) 120px 120px auto' },
      }}
    >
      <TextField
        select
        size="small"
        label="Type"
        value={value.type}
        onChange={(e) => onChange({ ...value, type: e.target.value }, true)}
        slotProps={{ htmlInput: { 'data-testid': 'filter-type' } }}
      >
        <MenuItem value="">All types</MenuItem>
        {ITEM_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {ITEM_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Subject"
        value={value.subject}
        onChange={(e) => onChange({ ...value, subject: e.target.value }, true)}
        slotProps={{ htmlInput: { 'data-testid': 'filter-subject' } }}
      >
        <MenuItem value="">All subjects</MenuItem>
        {(subjects.data?.subjects ?? []).map((s) => (
          <MenuItem key={s.subject} value={s.subject}>
            {`${s.subject} (${s.titles.toLocaleString('en-IN')})`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="From year"
        type="number"
        value={value.yearFrom}
        onChange={(e) => onChange({ ...value, yearFrom: e.target.value }, false)}
        error={!!errors.yearFrom}
        helperText={errors.yearFrom}
        slotProps={{ htmlInput: { 'data-testid': 'filter-year-from', min: 1400, max: 2100 } }}
      />
      <TextField
        size="small"
        label="To year"
        type="number"
        value={value.yearTo}
        onChange={(e) => onChange({ ...value, yearTo: e.target.value }, false)}
        error={!!errors.yearTo}
        helperText={errors.yearTo}
        slotProps={{ htmlInput: { 'data-testid': 'filter-year-to', min: 1400, max: 2100 } }}
      />
      <FormControlLabel
        sx={{ m: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}
        control={
          <Switch checked={value.available} onChange={(e) => onChange({ ...value, available: e.target.checked }, true)} />
        }
        label="On the shelf now"
      />
    </Box>
  );
}
