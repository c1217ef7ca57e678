import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { APPROVALS_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const InboxPage = lazy(() => import('./InboxPage').then((m) => ({ default: m.InboxPage })));

export const routes: RouteObject[] = [
  {
    path: APPROVALS_PATHS.inbox,
    element: (
      <RequireSession>
        <AppLayout>
          <Suspense fallback={null}>
            <InboxPage />
          </Suspense>
        </AppLayout>
      </RequireSession>
    ),
  },
];
