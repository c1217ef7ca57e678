import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const CreateLoginsPage = lazy(() => import('./CreateLoginsPage').then((m) => ({ default: m.CreateLoginsPage })));

export const routes: RouteObject[] = [
  {
    path: PATHS.createLogins,
    element: (
      <RequireSession>
        <AppLayout>
          <CreateLoginsPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
