import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { LEAVE_PATHS } from './paths';

const LeaveMaintenancePage = lazy(() => import('./LeaveMaintenancePage').then((m) => ({ default: m.LeaveMaintenancePage })));
const LeavePage = lazy(() => import('./LeavePage').then((m) => ({ default: m.LeavePage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: LEAVE_PATHS.leave, element: guarded(<LeavePage />) },
  { path: LEAVE_PATHS.maintenance, element: guarded(<LeaveMaintenancePage />) },
];
