import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const LoginPage = lazyPage(() => import('./LoginPage').then((m) => m.LoginPage));

export const routes: RouteObject[] = [{ path: '/login/:module', element: <LoginPage /> }];
