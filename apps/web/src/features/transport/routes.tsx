import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { ExpensesPage } from './ExpensesPage';
import { PassesPage } from './PassesPage';
import { ReportsPage } from './ReportsPage';
import { RoutesPage } from './RoutesPage';
import { VehiclesPage } from './VehiclesPage';

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: PATHS.transportVehicles, element: guarded(<VehiclesPage />) },
  { path: PATHS.transportRoutes, element: guarded(<RoutesPage />) },
  { path: PATHS.transportPasses, element: guarded(<PassesPage />) },
  { path: PATHS.transportExpenses, element: guarded(<ExpensesPage />) },
  { path: PATHS.transportReports, element: guarded(<ReportsPage />) },
];
