import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const IqacPage = lazy(() => import('./IqacPage').then((m) => ({ default: m.IqacPage })));

export const routes: RouteObject[] = [
  { path: '/IQACHome', element: <IqacPage /> },
  { path: '/iqacnewhome', element: <IqacPage /> },
];
