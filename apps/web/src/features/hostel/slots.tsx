import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { HOSTEL_PATHS, HOSTEL_STAFF_ROLES, ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { StatsPanel, type Stat } from '../../components/StatsPanel';
import { useHostelSummary, useMyHostel } from './api';
import { rupees } from './format';

/** The incharge's counts and the way into each hostel page. */
function HostelPanel() {
  const s = useHostelSummary();
  const d = s.data;
  const stats: Stat[] = d
    ? [
        {
          label: 'Beds occupied',
          value: `${d.occupied.toLocaleString('en-IN')} of ${d.beds.toLocaleString('en-IN')} (${d.occupancyPct}%)`,
        },
        { label: 'Free beds', value: d.free.toLocaleString('en-IN') },
        { label: 'Applications waiting', value: String(d.pendingApplications) },
        { label: 'Transfer requests', value: String(d.pendingTransfers) },
        { label: 'Out-passes to approve', value: String(d.pendingOutpasses) },
        { label: 'Out now / late', value: `${d.studentsOut} / ${d.lateReturns}` },
      ]
    : [];
  return (
    <Box data-testid="hostel-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Hostel
      </Typography>
      <QueryState query={s} height={80}>
        <StatsPanel stats={stats} sx={{ my: 1.5 }} />
      </QueryState>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Button component={RouterLink} to={HOSTEL_PATHS.board} size="small" variant="contained">
          Occupancy board
        </Button>
        <Button component={RouterLink} to={HOSTEL_PATHS.buildings} size="small" variant="outlined">
          Buildings and Rooms
        </Button>
        <Button component={RouterLink} to={HOSTEL_PATHS.registration} size="small" variant="outlined">
          Registration
        </Button>
        <Button component={RouterLink} to={HOSTEL_PATHS.residents} size="small" variant="outlined">
          Room Transfer / Vacate
        </Button>
        <Button component={RouterLink} to={HOSTEL_PATHS.outpasses} size="small" variant="outlined">
          Out-passes
        </Button>
      </Stack>
    </Box>
  );
}

/** The student's room and dues at a glance. */
function StudentHostelPanel() {
  const me = useMyHostel();
  const a = me.data?.allotment;
  return (
    <Box data-testid="student-hostel-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Hostel
      </Typography>
      <QueryState query={me} height={40}>
        <Typography sx={{ my: 1 }}>
          {a && a.status === 'ACTIVE'
            ? `${a.building}, Room ${a.roomNo}-${a.bedLabel} · dues ${rupees(a.dues)}`
            : 'No hostel room. Apply for one.'}
        </Typography>
      </QueryState>
      <Button component={RouterLink} to={HOSTEL_PATHS.student} size="small" variant="outlined">
        My hostel
      </Button>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  ...Object.fromEntries(HOSTEL_STAFF_ROLES.map((r) => [r, [HostelPanel]])),
  [ROLES.STUDENT]: [StudentHostelPanel],
};
