import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { ATTENDANCE_PATHS, useStudentAttendance } from './api';
import { QueryState } from '../../components/QueryState';

function SheetPanel() {
  return (
    <Box data-testid="attendance-sheet-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Attendance sheet
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Today's classes from your timetable, and those you cover as a backup.
      </Typography>
      <Button component={RouterLink} to={ATTENDANCE_PATHS.sheet} variant="contained" size="small">
        Mark attendance
      </Button>
    </Box>
  );
}

function MyAttendancePanel() {
  const user = getSessionUser();
  const q = useStudentAttendance(user?.username ?? '');
  return (
    <Box data-testid="my-attendance-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        My attendance
      </Typography>
      <QueryState query={q} height={32}>
        <Typography sx={{ my: 1 }}>
          {q.data &&
            `${q.data.percent}% overall${q.data.needed > 0 ? ` · attend the next ${q.data.needed} classes to reach ${q.data.shortBelow}%` : ''}`}
        </Typography>
      </QueryState>
      <Button component={RouterLink} to={ATTENDANCE_PATHS.mine} size="small">
        By subject
      </Button>
    </Box>
  );
}

function SheetsPanel() {
  return (
    <Box data-testid="attendance-sheets-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Locked sheets
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Unlock a sheet whose edit window has closed, and see who changed what and when.
      </Typography>
      <Button component={RouterLink} to={ATTENDANCE_PATHS.sheets} size="small">
        Attendance sheets
      </Button>
    </Box>
  );
}

function ShortagePanel() {
  return (
    <Box data-testid="shortage-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Attendance shortage
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Students below the threshold, condonable or detained.
      </Typography>
      <Button component={RouterLink} to={ATTENDANCE_PATHS.shortage} size="small">
        Open
      </Button>
      <Button component={RouterLink} to={ATTENDANCE_PATHS.mine} size="small">
        A student's attendance
      </Button>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.FACULTY]: [SheetPanel],
  [ROLES.HOD]: [SheetPanel, ShortagePanel, SheetsPanel],
  [ROLES.STUDENT]: [MyAttendancePanel],
  [ROLES.PRINCIPAL]: [ShortagePanel],
  [ROLES.ADMIN]: [ShortagePanel, SheetsPanel],
  [ROLES.ACADEMICS]: [ShortagePanel],
  [ROLES.EXAMINATION]: [ShortagePanel],
};
