import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../../components/layout';
import { MY_DUTIES_PATH } from './paths';

const MyDutiesPage = lazy(() => import('./MyDutiesPage').then((m) => ({ default: m.MyDutiesPage })));

const page = (el: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{el}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [{ path: MY_DUTIES_PATH, element: page(<MyDutiesPage />) }];
