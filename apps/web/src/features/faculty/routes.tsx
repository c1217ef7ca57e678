import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const AchievementsPage = lazy(() => import('./AchievementsPage').then((m) => ({ default: m.AchievementsPage })));
const FacultyDashboardPage = lazy(() => import('./FacultyDashboardPage').then((m) => ({ default: m.FacultyDashboardPage })));
const PublicationsPage = lazy(() => import('./PublicationsPage').then((m) => ({ default: m.PublicationsPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: PATHS.facultyDashboard, element: guarded(<FacultyDashboardPage />) },
  { path: PATHS.facultyAchievements, element: guarded(<AchievementsPage />) },
  { path: PATHS.facultyPublications, element: guarded(<PublicationsPage />) },
];
