import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { ApplicationsPage } from './ApplicationsPage';
import { LongAdmissionForm } from './LongAdmissionForm';
import { AdmissionAccess } from './parts';
import { ShortAdmissionForm } from './ShortAdmissionForm';

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <AdmissionAccess>{page}</AdmissionAccess>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: PATHS.admissionForm, element: guarded(<ShortAdmissionForm />) },
  { path: PATHS.admissionFormSmsk, element: guarded(<ShortAdmissionForm />) },
  { path: PATHS.studentAdmissionForm, element: guarded(<LongAdmissionForm />) },
  { path: PATHS.admissionApplications, element: guarded(<ApplicationsPage />) },
];
