import type { RouteObject } from 'react-router';
import { DevtoolsPage } from './DevtoolsPage';

export const routes: RouteObject[] = [{ path: '/devtools', element: <DevtoolsPage /> }];
