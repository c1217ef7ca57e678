import type { RouteObject } from 'react-router';
import { HomePage } from './HomePage';

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/erphome', element: <HomePage /> },
];
