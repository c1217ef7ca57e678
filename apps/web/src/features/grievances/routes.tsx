import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';

const GrievancesPage = lazy(() => import('./GrievancesPage').then((m) => ({ default: m.GrievancesPage })));
const GrievanceDetailPage = lazy(() => import('./GrievanceDetailPage').then((m) => ({ default: m.GrievanceDetailPage })));
const CommitteesPage = lazy(() => import('./CommitteesPage').then((m) => ({ default: m.CommitteesPage })));
const GrievanceReportsPage = lazy(() => import('./GrievanceReportsPage').then((m) => ({ default: m.GrievanceReportsPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{page}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: '/app/grievance-redressal', element: guarded(<GrievancesPage />) },
  { path: '/app/grievance-redressal/reports', element: guarded(<GrievanceReportsPage />) },
  { path: '/app/grievance-redressal/committees', element: guarded(<CommitteesPage />) },
  { path: '/app/grievance-redressal/:id', element: guarded(<GrievanceDetailPage />) },
];
