import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ACHIEVEMENT_ROLES, PATHS, ROLES } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { CountCards } from './FacultyDashboardPage';

/** A HoD is faculty too: their own research counts. */
function MyResearchPanel() {
  const user = getSessionUser();
  if (!user) return null;
  return (
    <Box data-testid="my-research-panel">
      <Typography variant="subtitle1" fontWeight={700} sx={{ mb: 1 }}>
        My Research
      </Typography>
      <CountCards userName={user.username} />
      <Button component={RouterLink} to={PATHS.facultyPublications} size="small" sx={{ mt: 1 }}>
        My Publications
      </Button>
    </Box>
  );
}

function AchievementsPanel() {
  return (
    <Box data-testid="achievements-panel">
        <Typography variant="subtitle1" fontWeight={700}>
          Faculty Achievements
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          Record and search the achievements of your faculty.
        </Typography>
        <Button component={RouterLink} to={PATHS.facultyAchievements} size="small">
          Open
        </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role (the faculty landing page is this feature's own). */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  ...Object.fromEntries(ACHIEVEMENT_ROLES.filter((r) => r !== ROLES.FACULTY).map((r) => [r, [AchievementsPanel]])),
  [ROLES.HOD]: [MyResearchPanel, AchievementsPanel],
};
