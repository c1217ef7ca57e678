import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { MASTERS_PATHS } from './api';
import { CalendarPage } from './CalendarPage';
import { MastersPage } from './MastersPage';
import { StudentsPage } from './StudentsPage';
import { TimetablePage } from './TimetablePage';

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: MASTERS_PATHS.masters, element: guarded(<MastersPage />) },
  { path: MASTERS_PATHS.timetable, element: guarded(<TimetablePage />) },
  { path: MASTERS_PATHS.calendar, element: guarded(<CalendarPage />) },
  { path: MASTERS_PATHS.students, element: guarded(<StudentsPage />) },
];
