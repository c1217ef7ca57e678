import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout, RequireSession } from '../../components/layout';
import { EXAMS_PATHS } from './paths';

const ExamsPage = lazy(() => import('./ExamsPage').then((m) => ({ default: m.ExamsPage })));
const ExamPage = lazy(() => import('./ExamPage').then((m) => ({ default: m.ExamPage })));
const MyExamsPage = lazy(() => import('./MyExamsPage').then((m) => ({ default: m.MyExamsPage })));
const GraceRulesPage = lazy(() => import('./grading/GraceRulesPage').then((m) => ({ default: m.GraceRulesPage })));
const MarksEntryPage = lazy(() => import('./grading/MarksEntryPage').then((m) => ({ default: m.MarksEntryPage })));

const page = (el: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{el}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: EXAMS_PATHS.list, element: page(<ExamsPage />) },
  { path: EXAMS_PATHS.examRoute, element: page(<ExamPage />) },
  { path: EXAMS_PATHS.mine, element: page(<MyExamsPage />) },
  { path: EXAMS_PATHS.graceRules, element: page(<GraceRulesPage />) },
  { path: EXAMS_PATHS.marksEntry, element: page(<MarksEntryPage />) },
];
