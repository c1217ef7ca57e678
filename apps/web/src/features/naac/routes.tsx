import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';

const NaacPage = lazy(() => import('./NaacPage').then((m) => ({ default: m.NaacPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{page}</Suspense>
    </AppLayout>
  </RequireSession>
);

// '/naac/' is where the IQAC module page's NAAC tile points.
export const routes: RouteObject[] = [
  { path: '/naac', element: guarded(<NaacPage />) },
  { path: '/app/naac', element: guarded(<NaacPage />) },
];
