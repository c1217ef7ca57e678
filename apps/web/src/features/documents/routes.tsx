import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const VerifyDocumentPage = lazy(() => import('./VerifyDocumentPage').then((m) => ({ default: m.VerifyDocumentPage })));

export const routes: RouteObject[] = [{ path: '/verify-document/:code', element: <VerifyDocumentPage /> }];
