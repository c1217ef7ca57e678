import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const PendingRegistrationsPage = lazy(() => import('./PendingRegistrationsPage').then((m) => ({ default: m.PendingRegistrationsPage })));
const RegisterPage = lazy(() => import('./RegisterPage').then((m) => ({ default: m.RegisterPage })));

export const routes: RouteObject[] = [
  { path: PATHS.register, element: <RegisterPage /> },
  { path: `${PATHS.register}/:module`, element: <RegisterPage /> },
  {
    path: PATHS.pendingRegistrations,
    element: (
      <RequireSession>
        <AppLayout>
          <PendingRegistrationsPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
