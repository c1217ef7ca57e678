import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const ExamResultsPage = lazy(() => import('./ExamResultsPage').then((m) => ({ default: m.ExamResultsPage })));
const ResultLookupPage = lazy(() => import('./ResultLookupPage').then((m) => ({ default: m.ResultLookupPage })));
const ResultsEntryPage = lazy(() => import('./ResultsEntryPage').then((m) => ({ default: m.ResultsEntryPage })));
const VerifyMemoPage = lazy(() => import('./VerifyMemoPage').then((m) => ({ default: m.VerifyMemoPage })));

export const routes: RouteObject[] = [
  { path: PATHS.examResults, element: <ExamResultsPage /> },
  { path: '/results/:title', element: <ResultLookupPage /> },
  { path: '/verify/:code', element: <VerifyMemoPage /> },
  {
    path: PATHS.resultsEntry,
    element: (
      <RequireSession>
        <AppLayout>
          <ResultsEntryPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
