import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ADMISSION_ROLES, PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized } from '../../lib/authorization';
import { ApplicationsPage } from './ApplicationsPage';
import { LongAdmissionForm } from './LongAdmissionForm';
import { ShortAdmissionForm } from './ShortAdmissionForm';

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
