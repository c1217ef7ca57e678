import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ADMISSION_ROLES, PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized } from '../../lib/authorization';

const ApplicationsPage = lazy(() => import('./ApplicationsPage').then((m) => ({ default: m.ApplicationsPage })));
const LongAdmissionForm = lazy(() => import('./LongAdmissionForm').then((m) => ({ default: m.LongAdmissionForm })));
const OnlineApplicationPage = lazy(() => import('./OnlineApplicationPage').then((m) => ({ default: m.OnlineApplicationPage })));
const ApplicationStatusPage = lazy(() => import('./ApplicationStatusPage').then((m) => ({ default: m.ApplicationStatusPage })));
const OnlineApplicationsPage = lazy(() => import('./OnlineApplicationsPage').then((m) => ({ default: m.OnlineApplicationsPage })));
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
  { path: PATHS.onlineApplications, element: guarded(<OnlineApplicationsPage />) },
  // Public: the home page's "Apply for Admission" and the applicant's status page.
  { path: PATHS.applyOnline, element: <OnlineApplicationPage /> },
  { path: PATHS.applicationStatus, element: <ApplicationStatusPage /> },
];
