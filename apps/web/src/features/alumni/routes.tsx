import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const HistoryPage = lazy(() => import('./HistoryPage').then((m) => ({ default: m.HistoryPage })));
const RegistrationPage = lazy(() => import('./RegistrationPage').then((m) => ({ default: m.RegistrationPage })));

// The history list carries phone numbers and emails, so that page needs a session as well.
export const routes: RouteObject[] = [
  {
    path: PATHS.alumniRegistration,
    element: (
      <RequireSession>
        <AppLayout maxWidth="lg">
          <RegistrationPage />
        </AppLayout>
      </RequireSession>
    ),
  },
  {
    path: PATHS.alumniHistory,
    element: (
      <RequireSession>
        <AppLayout>
          <HistoryPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
