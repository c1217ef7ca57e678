import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ANALYTICS_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

// The charting library comes with this page only, never with another page's first load.
const AnalyticsPage = lazy(() => import('./AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })));

export const routes: RouteObject[] = [
  {
    path: ANALYTICS_PATHS.home,
    element: (
      <RequireSession>
        <AppLayout>
          <Suspense fallback={null}>
            <AnalyticsPage />
          </Suspense>
        </AppLayout>
      </RequireSession>
    ),
  },
];
