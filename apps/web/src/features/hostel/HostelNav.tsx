import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { HOSTEL_PATHS, HOSTEL_STAFF_ROLES } from '@erp/shared';
import { useCan } from '../../lib/authorization';

const TABS: Array<[string, string]> = [
  ['Occupancy', HOSTEL_PATHS.board],
  ['Buildings and Rooms', HOSTEL_PATHS.buildings],
  ['Registration', HOSTEL_PATHS.registration],
  ['Residents', HOSTEL_PATHS.residents],
  ['Out-passes', HOSTEL_PATHS.outpasses],
];

/** The hostel office's pages, one tab each. */
export function HostelNav({ title }: { title: string }) {
  const path = decodeURIComponent(useLocation().pathname);
  const current = TABS.findIndex(([, p]) => p === path);
  // Leadership opens the board only; the office's other pages are the office's.
  const office = useCan(HOSTEL_STAFF_ROLES);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 1 }}>
        {title}
      </Typography>
      {office && (
        <Tabs value={current === -1 ? false : current} variant="scrollable" scrollButtons="auto" aria-label="Hostel pages">
          {TABS.map(([label, to]) => (
            <Tab key={to} label={label} component={RouterLink} to={to} />
          ))}
        </Tabs>
      )}
    </Box>
  );
}
