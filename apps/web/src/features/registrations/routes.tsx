import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { PendingRegistrationsPage } from './PendingRegistrationsPage';
import { RegisterPage } from './RegisterPage';

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
