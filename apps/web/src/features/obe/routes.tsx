import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { OBE_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const CoursesPage = lazy(() => import('./CoursesPage').then((m) => ({ default: m.CoursesPage })));
const ProgramPage = lazy(() => import('./ProgramPage').then((m) => ({ default: m.ProgramPage })));
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
const SubjectPage = lazy(() => import('./SubjectPage').then((m) => ({ default: m.SubjectPage })));
const SurveyPage = lazy(() => import('./SurveyPage').then((m) => ({ default: m.SurveyPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>{page}</AppLayout>
  </RequireSession>
);

/** The IQAC page's OBE tile leads to /obe/ (signed in). */
export const routes: RouteObject[] = [
  { path: OBE_PATHS.home, element: guarded(<ProgramPage />) },
  { path: OBE_PATHS.courses, element: guarded(<CoursesPage />) },
  { path: OBE_PATHS.settings, element: guarded(<SettingsPage />) },
  { path: '/obe/subjects/:subjectId', element: guarded(<SubjectPage />) },
  { path: OBE_PATHS.survey, element: guarded(<SurveyPage />) },
];
