import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { ACCOUNTS_PATHS } from './paths';

const CounterPage = lazy(() => import('./CounterPage').then((m) => ({ default: m.CounterPage })));
const ConcessionsPage = lazy(() => import('./ConcessionsPage').then((m) => ({ default: m.ConcessionsPage })));
const VendorsPage = lazy(() => import('./VendorsPage').then((m) => ({ default: m.VendorsPage })));
const ReportsPage = lazy(() => import('./ReportsPage').then((m) => ({ default: m.ReportsPage })));
const MyFeesPage = lazy(() => import('./MyFeesPage').then((m) => ({ default: m.MyFeesPage })));
const SetupPage = lazy(() => import('./SetupPage').then((m) => ({ default: m.SetupPage })));

const page = (el: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{el}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: ACCOUNTS_PATHS.counter, element: page(<CounterPage />) },
  { path: ACCOUNTS_PATHS.concessions, element: page(<ConcessionsPage />) },
  { path: ACCOUNTS_PATHS.vendors, element: page(<VendorsPage />) },
  { path: ACCOUNTS_PATHS.reports, element: page(<ReportsPage />) },
  { path: ACCOUNTS_PATHS.setup, element: page(<SetupPage />) },
  { path: ACCOUNTS_PATHS.myFees, element: page(<MyFeesPage />) },
];
