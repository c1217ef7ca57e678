import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { HOSTEL_PATHS, HOSTEL_STAFF_ROLES, ROLES } from '@erp/shared';
import { useHostelSummary, useMyHostel } from './api';
import { rupees } from './format';

/** The incharge's counts and the way into each hostel page. */
function HostelPanel() {
  const s = useHostelSummary();
  const d = s.data;
  const stats: Array<[string, string]> = d
    ? [
        ['Beds occupied', `${d.occupied.toLocaleString('en-IN')} of ${d.beds.toLocaleString('en-IN')} (${d.occupancyPct}%)`],
        ['Free beds', d.free.toLocaleString('en-IN')],
        ['Applications waiting', String(d.pendingApplications)],
        ['Transfer requests', String(d.pendingTransfers)],
        ['Out-passes to approve', String(d.pendingOutpasses)],
        ['Out now / late', `${d.studentsOut} / ${d.lateReturns}`],
      ]
    : [];
  return (
    <Box data-testid="hostel-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Hostel
      </Typography>
      {s.isPending && <Skeleton variant="rounded" height={80} sx={{ mt: 1 }} />}
      {s.isError && (
        <Typography color="error">
          {s.error.message}{' '}
          <Button size="small" onClick={() => s.refetch()}>
            Retry
          </Button>
        </Typography>
      )}
      {d && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, my: 1.5 }}>
          {stats.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography fontWeight={600}>{value}</Typography>
            </Box>
          ))}
        </Box>
      )}
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
      {me.isPending && <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />}
      {me.isError && <Typography color="error">{me.error.message}</Typography>}
      {me.data && (
        <Typography sx={{ my: 1 }}>
          {a && a.status === 'ACTIVE'
            ? `${a.building}, Room ${a.roomNo}-${a.bedLabel} · dues ${rupees(a.dues)}`
            : 'No hostel room. Apply for one.'}
        </Typography>
      )}
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
