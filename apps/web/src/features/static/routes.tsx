import type { RouteObject } from 'react-router';
import { PrivacyPage, ReturnPage, TermsPage } from './LegalPages';
import { ComingSoonPage, MaintenancePage } from './StatusPages';

export const routes: RouteObject[] = [
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/return', element: <ReturnPage /> },
  { path: '/maintenance', element: <MaintenancePage /> },
  { path: '/coming-soon', element: <ComingSoonPage /> },
];
