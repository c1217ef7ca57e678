import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { ExamResultsPage } from './ExamResultsPage';
import { ResultLookupPage } from './ResultLookupPage';
import { ResultsEntryPage } from './ResultsEntryPage';
import { VerifyMemoPage } from './VerifyMemoPage';

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
