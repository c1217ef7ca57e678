import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./LoginPage').then((m) => ({ default: m.LoginPage })));

export const routes: RouteObject[] = [{ path: '/login/:module', element: <LoginPage /> }];
