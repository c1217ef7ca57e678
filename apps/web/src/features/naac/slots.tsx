import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';

function QualityPanel() {
  return (
    <Box data-testid="quality-panel">
      <Typography variant="h6">NAAC and NIRF</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        SSR metrics and NIRF data computed from the portal, with the rows behind every figure.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/naac/">
          NAAC metrics
        </Button>
        <Button variant="outlined" component={RouterLink} to="/nirf/">
          NIRF data
        </Button>
      </Box>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.IQAC_INCHARGE]: [QualityPanel],
  [ROLES.IQAC_COORDINATOR]: [QualityPanel],
  [ROLES.PRINCIPAL]: [QualityPanel],
};
