import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { ResetPasswordPage } from './ResetPasswordPage';

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
