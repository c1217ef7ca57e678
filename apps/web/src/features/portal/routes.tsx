import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PORTAL_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const CertificateRequestsPage = lazy(() => import('./OfficePages').then((m) => ({ default: m.CertificateRequestsPage })));
const ParentLinksPage = lazy(() => import('./OfficePages').then((m) => ({ default: m.ParentLinksPage })));
const ProfileCorrectionsPage = lazy(() => import('./OfficePages').then((m) => ({ default: m.ProfileCorrectionsPage })));
const ParentHomePage = lazy(() => import('./ParentHomePage').then((m) => ({ default: m.ParentHomePage })));
const ParentRegisterPage = lazy(() => import('./ParentRegisterPage').then((m) => ({ default: m.ParentRegisterPage })));
const StudentPortalPage = lazy(() => import('./StudentPortalPage').then((m) => ({ default: m.StudentPortalPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: PORTAL_PATHS.student, element: guarded(<StudentPortalPage />) },
  { path: PORTAL_PATHS.parent, element: guarded(<ParentHomePage />) },
  { path: PORTAL_PATHS.parentRegister, element: <ParentRegisterPage /> },
  { path: PORTAL_PATHS.officeLinks, element: guarded(<ParentLinksPage />) },
  { path: PORTAL_PATHS.officeCertificates, element: guarded(<CertificateRequestsPage />) },
  { path: PORTAL_PATHS.officeCorrections, element: guarded(<ProfileCorrectionsPage />) },
];
