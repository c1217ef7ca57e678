import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { examTitlesQuery } from './api';

const ExamResultsPage = lazyPage(() => import('./ExamResultsPage').then((m) => m.ExamResultsPage), { data: [examTitlesQuery] });
const ResultLookupPage = lazyPage(() => import('./ResultLookupPage').then((m) => m.ResultLookupPage), {
  data: [examTitlesQuery],
});
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
