import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { CreateLoginsPage } from './CreateLoginsPage';

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
