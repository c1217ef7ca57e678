import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { useDrives } from './api';
import { QueryState } from '../../components/QueryState';

function DeanPanel() {
  const drives = useDrives();
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = drives.data?.filter((d) => d.driveDate >= today).length;
  return (
    <Box data-testid="placement-panel">
      <Typography variant="h6">Placements</Typography>
      <QueryState query={drives} height={32}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {drives.data && `${drives.data.length} drives · ${upcoming} upcoming`}
        </Typography>
      </QueryState>
      <Button variant="contained" component={RouterLink} to="/app/placements">
        Drives, companies and statistics
      </Button>
    </Box>
  );
}

function StudentPanel() {
  return (
    <Box>
      <Typography variant="h6">Placements</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Drives you can apply to, your rounds and offers.
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/app/placements/student">
        My placements
      </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.PLACEMENT_DEAN]: [DeanPanel],
  [ROLES.STUDENT]: [StudentPanel],
};
