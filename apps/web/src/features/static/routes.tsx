import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PrivacyPage = lazy(() => import('./LegalPages').then((m) => ({ default: m.PrivacyPage })));
const ReturnPage = lazy(() => import('./LegalPages').then((m) => ({ default: m.ReturnPage })));
const TermsPage = lazy(() => import('./LegalPages').then((m) => ({ default: m.TermsPage })));
const ComingSoonPage = lazy(() => import('./StatusPages').then((m) => ({ default: m.ComingSoonPage })));
const MaintenancePage = lazy(() => import('./StatusPages').then((m) => ({ default: m.MaintenancePage })));

export const routes: RouteObject[] = [
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/return', element: <ReturnPage /> },
  { path: '/maintenance', element: <MaintenancePage /> },
  { path: '/coming-soon', element: <ComingSoonPage /> },
];
