import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));

export const routes: RouteObject[] = [
  {
    path: PATHS.resetPassword,
    element: (
      <RequireSession>
        <AppLayout>
          <ResetPasswordPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
