import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { ATTENDANCE_PATHS } from './paths';

const AttendanceSheetPage = lazy(() => import('./AttendanceSheetPage').then((m) => ({ default: m.AttendanceSheetPage })));
const SheetsPage = lazy(() => import('./SheetsPage').then((m) => ({ default: m.SheetsPage })));
const ShortagePage = lazy(() => import('./ShortagePage').then((m) => ({ default: m.ShortagePage })));
const StudentAttendancePage = lazy(() => import('./StudentAttendancePage').then((m) => ({ default: m.StudentAttendancePage })));

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
