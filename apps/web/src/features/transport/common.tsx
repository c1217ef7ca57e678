import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Card, CardContent, MenuItem, Tab, Tabs, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { PATHS } from '@erp/shared';
import { ApiError } from '../../lib/api-client';

const TABS = [
  { label: 'Vehicles', path: PATHS.transportVehicles },
  { label: 'Routes & Stops', path: PATHS.transportRoutes },
  { label: 'Passes', path: PATHS.transportPasses },
  { label: 'Expenses', path: PATHS.transportExpenses },
  { label: 'Monthly Report', path: PATHS.transportReports },
];

/** The transport office's pages: a title, the section tabs (links) and the page. */
export function TransportShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = TABS.findIndex((t) => decodeURI(pathname) === t.path);
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Tabs
          value={current < 0 ? false : current}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Transport sections"
          sx={{ mb: 2 }}
        >
          {TABS.map((t) => (
            <Tab key={t.path} label={t.label} component={RouterLink} to={t.path} />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export const errorText = (e: unknown, fallback = 'Something went wrong') =>
  e instanceof ApiError || e instanceof Error ? e.message : fallback;

/** Phones get a card per row instead of a wide table. */
export function useNarrow() {
  return useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
}

/**
 * A whole list searched in the browser: the rows whose text (from `text`) holds what was typed,
 * ignoring case; undefined until the list has come.
 */
export function useFiltered<T>(rows: T[] | undefined, text: (row: T) => string) {
  const [typed, setText] = useState('');
  const needle = typed.trim().toLowerCase();
  return {
    text: typed,
    setText,
    rows: rows && (needle ? rows.filter((r) => text(r).toLowerCase().includes(needle)) : rows),
  };
}

/**
 * A list filter: a drop-down whose first choice, "All …", is the empty value (no filter). Choosing
 * calls onChange with the option's value, or '' for all.
 */
export function FilterSelect<V extends string | number>({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
  minWidth = 140,
}: {
  label: string;
  value: V | '';
  onChange: (v: V | '') => void;
  options: ReadonlyArray<{ value: V; label: string }>;
  allLabel?: string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => {
        const raw = e.target.value;
        onChange(raw === '' ? '' : ((options.find((o) => String(o.value) === String(raw))?.value ?? '') as V | ''));
      }}
      sx={{ minWidth }}
      // A filter's empty value means "all", and says so.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
