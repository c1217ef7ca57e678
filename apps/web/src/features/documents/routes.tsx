import type { RouteObject } from 'react-router';
import { VerifyDocumentPage } from './VerifyDocumentPage';

export const routes: RouteObject[] = [{ path: '/verify-document/:code', element: <VerifyDocumentPage /> }];
