import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { MASTERS_PATHS } from './api';

function MastersPanel() {
  return (
    <Box data-testid="masters-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Academic masters
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Degrees, courses, regulations, branches, batches, semesters, sections, subjects and faculty.
      </Typography>
      <Button component={RouterLink} to={MASTERS_PATHS.masters} size="small">
        Open
      </Button>
      <Button component={RouterLink} to={MASTERS_PATHS.timetable} size="small">
        Timetable
      </Button>
      <Button component={RouterLink} to={MASTERS_PATHS.calendar} size="small">
        Calendar (activities)
      </Button>
      <Button component={RouterLink} to={MASTERS_PATHS.students} size="small">
        Student records
      </Button>
    </Box>
  );
}

function TimetablePanel() {
  return (
    <Box data-testid="timetable-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Timetable
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Your week, period by period.
      </Typography>
      <Button component={RouterLink} to={MASTERS_PATHS.timetable} size="small">
        Open
      </Button>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.ADMIN]: [MastersPanel],
  [ROLES.ACADEMICS]: [MastersPanel],
  [ROLES.HOD]: [MastersPanel],
  [ROLES.PRINCIPAL]: [MastersPanel],
  [ROLES.FACULTY]: [TimetablePanel],
  [ROLES.STUDENT]: [TimetablePanel],
};
