import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Chip, Tab, Tabs, Typography } from '@mui/material';
import { OBE_ADMIN_ROLES, OBE_PATHS, OBE_VIEW_ROLES } from '@erp/shared';
import { useCan } from '../../lib/authorization';

export const fmt = (n: number | null | undefined, digits = 2) => (n === null || n === undefined ? '–' : n.toFixed(digits));
export const dmy = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).split('-').reverse().join('-') : '');

/** Attained against the target: green when it reaches it, red when short. */
export function GapChip({ gap }: { gap: number | null }) {
  if (gap === null) return <Typography color="text.secondary">–</Typography>;
  return (
    <Chip
      size="small"
      label={`${gap > 0 ? '+' : ''}${gap.toFixed(2)}`}
      color={gap < 0 ? 'error' : 'success'}
      variant={gap < 0 ? 'filled' : 'outlined'}
      aria-label={gap < 0 ? `short of the target by ${Math.abs(gap).toFixed(2)}` : `above the target by ${gap.toFixed(2)}`}
    />
  );
}

/** The last few academic years, newest first, as 2025-2026. */
export function recentYears(extra: string[] = [], count = 6): string[] {
  const now = new Date();
  const start = now.getMonth() > 3 ? now.getFullYear() : now.getFullYear() - 1;
  const years = Array.from({ length: count }, (_, i) => `${start - i}-${start - i + 1}`);
  return [...new Set([...extra, ...years])].sort().reverse();
}

const TABS: Array<[string, string, readonly string[]]> = [
  ['Program attainment', OBE_PATHS.home, OBE_VIEW_ROLES],
  ['Courses', OBE_PATHS.courses, OBE_VIEW_ROLES],
  ['Settings and POs', OBE_PATHS.settings, OBE_ADMIN_ROLES],
];

/** OBE's pages, one tab each. */
export function ObeNav({ title, subtitle }: { title: string; subtitle?: string }) {
  const path = decodeURIComponent(useLocation().pathname).replace(/\/$/, '');
  const admin = useCan(OBE_ADMIN_ROLES);
  const tabs = TABS.filter(([, , roles]) => roles !== OBE_ADMIN_ROLES || admin);
  const current = tabs.findIndex(([, p]) => p === path);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 0.5 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {subtitle}
        </Typography>
      )}
      <Tabs value={current === -1 ? false : current} variant="scrollable" scrollButtons="auto" aria-label="Outcome based education pages">
        {tabs.map(([label, to]) => (
          <Tab key={to} label={label} component={RouterLink} to={to} />
        ))}
      </Tabs>
    </Box>
  );
}
