import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SetupPage = lazy(() => import('./SetupPage').then((m) => ({ default: m.SetupPage })));

export const routes: RouteObject[] = [{ path: '/setup', element: <SetupPage /> }];
