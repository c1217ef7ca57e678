import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { useGrievances } from './api';

function GrievancePanel() {
  const open = useGrievances({ page: 1, pageSize: 1 });
  const overdue = useGrievances({ page: 1, pageSize: 1, overdue: 'true' });
  return (
    <Box data-testid="grievance-panel">
      <Typography variant="h6">Grievances</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {open.data ? `${open.data.total} in your view` : open.isError ? 'Could not load the count' : 'Loading…'}
        {overdue.data && overdue.data.total > 0 ? ` · ${overdue.data.total} overdue` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/app/grievance-redressal">
          Check and act
        </Button>
        <Button component={RouterLink} to="/app/grievance-redressal/reports">
          Reports
        </Button>
      </Box>
    </Box>
  );
}

function MyGrievancesPanel() {
  return (
    <Box>
      <Typography variant="h6">Grievances</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Lodge a grievance and follow it to a decision.
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/app/grievance-redressal">
        My grievances
      </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.GRIEVANCE_INCHARGE]: [GrievancePanel],
  [ROLES.OMBUDSPERSON]: [GrievancePanel],
  [ROLES.PRINCIPAL]: [GrievancePanel],
  [ROLES.STUDENT]: [MyGrievancesPanel],
  [ROLES.FACULTY]: [MyGrievancesPanel],
};
