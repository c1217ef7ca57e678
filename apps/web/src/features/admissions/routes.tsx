import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ADMISSION_ROLES, PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized } from '../../lib/authorization';

const ApplicationsPage = lazy(() => import('./ApplicationsPage').then((m) => ({ default: m.ApplicationsPage })));
const LongAdmissionForm = lazy(() => import('./LongAdmissionForm').then((m) => ({ default: m.LongAdmissionForm })));
const ShortAdmissionForm = lazy(() => import('./ShortAdmissionForm').then((m) => ({ default: m.ShortAdmissionForm })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Authorized roles={ADMISSION_ROLES}>{page}</Authorized>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: PATHS.admissionForm, element: guarded(<ShortAdmissionForm />) },
  { path: PATHS.admissionFormSmsk, element: guarded(<ShortAdmissionForm />) },
  { path: PATHS.studentAdmissionForm, element: guarded(<LongAdmissionForm />) },
  { path: PATHS.admissionApplications, element: guarded(<ApplicationsPage />) },
];
