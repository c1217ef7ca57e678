import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const HomePage = lazyPage(() => import('./HomePage').then((m) => m.HomePage));

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/erphome', element: <HomePage /> },
];
