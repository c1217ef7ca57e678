import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';

const NirfPage = lazy(() => import('./NirfPage').then((m) => ({ default: m.NirfPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{page}</Suspense>
    </AppLayout>
  </RequireSession>
);

// '/nirf/' is where the IQAC module page's NIRF tile points.
export const routes: RouteObject[] = [
  { path: '/nirf', element: guarded(<NirfPage />) },
  { path: '/app/nirf', element: guarded(<NirfPage />) },
];
