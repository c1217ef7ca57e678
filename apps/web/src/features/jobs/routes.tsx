import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { JOB_PATHS, JOB_ROLES } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized } from '../../lib/authorization';

const JobsPage = lazy(() => import('./JobsPage').then((m) => ({ default: m.JobsPage })));

export const routes: RouteObject[] = [
  {
    path: JOB_PATHS.list,
    element: (
      <RequireSession>
        <AppLayout>
          <Authorized roles={JOB_ROLES}>
            <JobsPage />
          </Authorized>
        </AppLayout>
      </RequireSession>
    ),
  },
];
