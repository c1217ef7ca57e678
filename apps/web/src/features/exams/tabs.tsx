import type { ReactNode } from 'react';
import { EXAM_CELL_ROLES, EXAM_CONDONE_ROLES, type Role, type TExam } from '@erp/shared';
import { InvigilationTab } from './duties/InvigilationTab';
import { ScriptsTab } from './duties/ScriptsTab';
import { EligibilityTab } from './EligibilityTab';
import { MarksTab } from './grading/MarksTab';
import { ResultsTab } from './grading/ResultsTab';
import { RevaluationTab } from './grading/RevaluationTab';
import { HallTicketsTab } from './HallTicketsTab';
import { ClashesTab } from './halls/ClashesTab';
import { RoomsPage } from './halls/RoomsPage';
import { SeatingTab } from './halls/SeatingTab';
import { TimetableTab } from './halls/TimetableTab';
import { OverviewTab } from './OverviewTab';
import { RegistrationsTab } from './RegistrationsTab';

/**
 * The tabs of an exam's page, in order. `key` is the tab's name in the address (?tab=key);
 * `element` draws it for the exam shown; `roles`, when given, hides the tab from everyone else
 * (the server still decides what each call answers).
 */
export interface ExamTab {
  key: string;
  label: string;
  element: (exam: TExam) => ReactNode;
  roles?: readonly Role[];
}

/** the principal reads the results ledger too */
const RESULT_READERS: readonly Role[] = [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES];

export const EXAM_TABS: ExamTab[] = [
  { key: 'overview', label: 'Overview', element: (exam) => <OverviewTab exam={exam} /> },
  { key: 'registrations', label: 'Registrations', element: (exam) => <RegistrationsTab exam={exam} /> },
  { key: 'eligibility', label: 'Eligibility', element: (exam) => <EligibilityTab exam={exam} /> },
  { key: 'hall-tickets', label: 'Hall tickets', element: (exam) => <HallTicketsTab exam={exam} /> },
  { key: 'timetable', label: 'Timetable', element: (exam) => <TimetableTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'clashes', label: 'Clashes', element: (exam) => <ClashesTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'seating', label: 'Seating', element: (exam) => <SeatingTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'rooms', label: 'Rooms', element: () => <RoomsPage />, roles: EXAM_CELL_ROLES },
  { key: 'invigilation', label: 'Invigilation', element: (exam) => <InvigilationTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'scripts', label: 'Answer scripts', element: (exam) => <ScriptsTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'marks', label: 'Marks', element: (exam) => <MarksTab exam={exam} />, roles: EXAM_CELL_ROLES },
  { key: 'results', label: 'Results', element: (exam) => <ResultsTab exam={exam} />, roles: RESULT_READERS },
  { key: 'revaluation', label: 'Revaluation', element: (exam) => <RevaluationTab exam={exam} />, roles: EXAM_CELL_ROLES },
];
