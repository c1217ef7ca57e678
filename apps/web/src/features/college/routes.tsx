import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const DecryptPage = lazy(() => import('./DecryptPage').then((m) => ({ default: m.DecryptPage })));

export const routes: RouteObject[] = [
  {
    path: PATHS.decryptTool,
    element: (
      <RequireSession>
        <AppLayout>
          <DecryptPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
