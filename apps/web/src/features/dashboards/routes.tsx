import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { landingFor } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { getSessionUser } from '../../lib/session';
import { DASHBOARDS } from './dashboards';

const MenusPage = lazy(() => import('./MenusPage').then((m) => ({ default: m.MenusPage })));
const RoleDashboard = lazy(() => import('./RoleDashboard').then((m) => ({ default: m.RoleDashboard })));

function MyDashboard() {
  return <Navigate to={landingFor(getSessionUser()?.roles ?? [])} replace />;
}

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: '/app', element: guarded(<MenusPage />) },
  ...DASHBOARDS.map((d) => ({ path: d.path, element: guarded(<RoleDashboard def={d} />) })),
  {
    path: '/:role/dashboard',
    element: (
      <RequireSession>
        <MyDashboard />
      </RequireSession>
    ),
  },
];
