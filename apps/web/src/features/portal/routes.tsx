import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PORTAL_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { CertificateRequestsPage, ParentLinksPage, ProfileCorrectionsPage } from './OfficePages';
import { ParentHomePage } from './ParentHomePage';
import { ParentRegisterPage } from './ParentRegisterPage';
import { StudentPortalPage } from './StudentPortalPage';

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
