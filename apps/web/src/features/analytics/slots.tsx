import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ANALYTICS_PATHS, ANALYTICS_ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useOverview } from './api';
import { change, shortRupees } from './format';

/** Leadership's dashboard panel: the headline figures and the way into analytics. */
function AnalyticsPanel() {
  const q = useOverview();
  const o = q.data;
  return (
    <Box data-testid="analytics-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Analytics
      </Typography>
      <QueryState query={q} height={60}>
        {o && (
          <StatsPanel
            sx={{ my: 1.5 }}
            stats={[
              { label: 'On the rolls', value: o.studentsOnRolls.toLocaleString('en-IN') },
              {
                label: 'Collected this year',
                value: `${shortRupees(o.collectedThisYearPaise)} · ${change(o.collectedThisYearPaise, o.collectedLastYearToDatePaise)}`,
              },
              { label: 'Students owe', value: shortRupees(o.studentDuesPaise) },
            ]}
          />
        )}
      </QueryState>
      <Button component={RouterLink} to={ANALYTICS_PATHS.home} size="small" variant="contained">
        Open analytics
      </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = Object.fromEntries(
  ANALYTICS_ROLES.map((role) => [role, [AnalyticsPanel]]),
);
