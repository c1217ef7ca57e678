import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';

const PlacementsPage = lazy(() => import('./PlacementsPage').then((m) => ({ default: m.PlacementsPage })));
const DriveDetailPage = lazy(() => import('./DriveDetailPage').then((m) => ({ default: m.DriveDetailPage })));
const StudentPlacementsPage = lazy(() => import('./StudentPlacementsPage').then((m) => ({ default: m.StudentPlacementsPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{page}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: '/app/placements', element: guarded(<PlacementsPage />) },
  { path: '/app/placements/drives/:id', element: guarded(<DriveDetailPage />) },
  { path: '/app/placements/student', element: guarded(<StudentPlacementsPage />) },
];
