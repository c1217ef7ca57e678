import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { LEAVE_PATHS } from './api';

function LeavePanel() {
  return (
    <Box data-testid="leave-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Leave
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Apply for leave, approve as a backup, and see who is away.
      </Typography>
      <Button component={RouterLink} to={LEAVE_PATHS.leave} size="small">
        Open
      </Button>
    </Box>
  );
}

function MaintenancePanel() {
  return (
    <Box data-testid="leave-maintenance-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Leave maintenance
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Leave types, quotas, carry-forward and each faculty member's balances.
      </Typography>
      <Button component={RouterLink} to={LEAVE_PATHS.maintenance} size="small">
        Open
      </Button>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.FACULTY]: [LeavePanel],
  [ROLES.HOD]: [LeavePanel],
  [ROLES.PRINCIPAL]: [LeavePanel],
  [ROLES.ADMIN]: [MaintenancePanel],
};
