import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DevtoolsPage = lazy(() => import('./DevtoolsPage').then((m) => ({ default: m.DevtoolsPage })));

export const routes: RouteObject[] = [{ path: '/devtools', element: <DevtoolsPage /> }];
