import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { OBE_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { CoursesPage } from './CoursesPage';
import { ProgramPage } from './ProgramPage';
import { SettingsPage } from './SettingsPage';
import { SubjectPage } from './SubjectPage';
import { SurveyPage } from './SurveyPage';

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
