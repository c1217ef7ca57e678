import type { RouteObject } from 'react-router';
import { SetupPage } from './SetupPage';

export const routes: RouteObject[] = [{ path: '/setup', element: <SetupPage /> }];
