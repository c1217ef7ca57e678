import type { RouteObject } from 'react-router';
import { LoginPage } from './LoginPage';

export const routes: RouteObject[] = [{ path: '/login/:module', element: <LoginPage /> }];
