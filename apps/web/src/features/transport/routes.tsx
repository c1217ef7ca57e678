import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const ExpensesPage = lazy(() => import('./ExpensesPage').then((m) => ({ default: m.ExpensesPage })));
const PassesPage = lazy(() => import('./PassesPage').then((m) => ({ default: m.PassesPage })));
const ReportsPage = lazy(() => import('./ReportsPage').then((m) => ({ default: m.ReportsPage })));
const RoutesPage = lazy(() => import('./RoutesPage').then((m) => ({ default: m.RoutesPage })));
const VehiclesPage = lazy(() => import('./VehiclesPage').then((m) => ({ default: m.VehiclesPage })));

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
