import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { DecryptPage } from './DecryptPage';

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
