import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { HOSTEL_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const BuildingsPage = lazy(() => import('./BuildingsPage').then((m) => ({ default: m.BuildingsPage })));
const OccupancyPage = lazy(() => import('./OccupancyPage').then((m) => ({ default: m.OccupancyPage })));
const OutpassesPage = lazy(() => import('./OutpassesPage').then((m) => ({ default: m.OutpassesPage })));
const RegistrationPage = lazy(() => import('./RegistrationPage').then((m) => ({ default: m.RegistrationPage })));
const ResidentsPage = lazy(() => import('./ResidentsPage').then((m) => ({ default: m.ResidentsPage })));
const StudentHostelPage = lazy(() => import('./StudentHostelPage').then((m) => ({ default: m.StudentHostelPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: HOSTEL_PATHS.board, element: guarded(<OccupancyPage />) },
  { path: HOSTEL_PATHS.buildings, element: guarded(<BuildingsPage />) },
  { path: HOSTEL_PATHS.registration, element: guarded(<RegistrationPage />) },
  { path: HOSTEL_PATHS.residents, element: guarded(<ResidentsPage />) },
  { path: HOSTEL_PATHS.outpasses, element: guarded(<OutpassesPage />) },
  { path: HOSTEL_PATHS.student, element: guarded(<StudentHostelPage />) },
];
