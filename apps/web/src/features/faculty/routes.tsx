import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { AchievementsPage } from './AchievementsPage';
import { FacultyDashboardPage } from './FacultyDashboardPage';
import { PublicationsPage } from './PublicationsPage';

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
