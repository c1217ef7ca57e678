import type { RouteObject } from 'react-router';
import { IqacPage } from './IqacPage';

export const routes: RouteObject[] = [
  { path: '/IQACHome', element: <IqacPage /> },
  { path: '/iqacnewhome', element: <IqacPage /> },
];
