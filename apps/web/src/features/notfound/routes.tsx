import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { NotFoundPage, OopsPage } from '../../components/common';

/** The two fallbacks: unknown pages in the signed-in area, and everything else. Keep these last. */
export const routes: RouteObject[] = [
  {
    path: '/app/*',
    element: (
      <RequireSession>
        <AppLayout>
          <OopsPage />
        </AppLayout>
      </RequireSession>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];
