import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { HOSTEL_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { BuildingsPage } from './BuildingsPage';
import { OccupancyPage } from './OccupancyPage';
import { OutpassesPage } from './OutpassesPage';
import { RegistrationPage } from './RegistrationPage';
import { ResidentsPage } from './ResidentsPage';
import { StudentHostelPage } from './StudentHostelPage';

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
