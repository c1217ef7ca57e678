import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { ATTENDANCE_PATHS } from './api';
import { AttendanceSheetPage } from './AttendanceSheetPage';
import { SheetsPage } from './SheetsPage';
import { ShortagePage } from './ShortagePage';
import { StudentAttendancePage } from './StudentAttendancePage';

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: ATTENDANCE_PATHS.sheet, element: guarded(<AttendanceSheetPage />) },
  { path: ATTENDANCE_PATHS.mine, element: guarded(<StudentAttendancePage />) },
  { path: ATTENDANCE_PATHS.shortage, element: guarded(<ShortagePage />) },
  { path: ATTENDANCE_PATHS.sheets, element: guarded(<SheetsPage />) },
];
