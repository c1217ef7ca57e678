import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { MASTERS_PATHS } from './paths';

const CalendarPage = lazy(() => import('./CalendarPage').then((m) => ({ default: m.CalendarPage })));
const MastersPage = lazy(() => import('./MastersPage').then((m) => ({ default: m.MastersPage })));
const StudentsPage = lazy(() => import('./StudentsPage').then((m) => ({ default: m.StudentsPage })));
const TimetablePage = lazy(() => import('./TimetablePage').then((m) => ({ default: m.TimetablePage })));

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
