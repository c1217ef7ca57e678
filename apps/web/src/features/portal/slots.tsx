import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PORTAL_PATHS, ROLES } from '@erp/shared';
import { useOverview } from './api';
import { rupees } from './format';
import { QueryState } from '../../components/QueryState';

/** The student's dashboard: the portal's summary and the way into it. */
function StudentPortalPanel() {
  const o = useOverview();
  const c = o.data?.children[0];
  return (
    <Box data-testid="student-portal-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        My Portal
      </Typography>
      <QueryState height={40} query={o}>
        {c && (
          <Typography sx={{ my: 1 }}>
            Attendance {c.attendance ? `${c.attendance.percent.toFixed(1)}%` : '—'} · CGPA{' '}
            {c.results ? c.results.cgpa.toFixed(2) : '—'} · Due {c.fees.due ? rupees(c.fees.due) : 'nothing'}
          </Typography>
        )}
      </QueryState>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={PORTAL_PATHS.student} size="small" variant="contained">
          Open my portal
        </Button>
      </Stack>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.STUDENT]: [StudentPortalPanel],
};
