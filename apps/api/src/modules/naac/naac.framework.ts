/**
 * NAAC's quantitative SSR metrics (affiliated colleges' manual, revised framework) as DATA: each
 * metric is an id, a title, a formula over named inputs and a unit. The inputs are the portal's
 * figures (naac.facts.ts works them out per year, with the rows behind them) or figures IQAC
 * staff enter per year (IQAC_FIELDS). A revised framework is an edit of this list, not of code.
 */
export interface MetricDefinition {
  id: string;
  criterion: string;
  title: string;
  formula: string;
  unit: '%' | 'ratio' | 'per teacher' | '₹ lakh' | 'per student' | 'count';
}

export const NAAC_FRAMEWORK = 'NAAC SSR (affiliated colleges), revised accreditation framework';

export const NAAC_METRICS: MetricDefinition[] = [
  { id: '2.1.1', criterion: '2', title: 'Enrolment percentage', formula: 'admitted / sanctioned_intake * 100', unit: '%' },
  {
    id: '2.1.2',
    criterion: '2',
    title: 'Seats filled against seats reserved for various categories',
    formula: 'reserved_admitted / reserved_seats * 100',
    unit: '%',
  },
  {
    id: '2.2.1',
    criterion: '2',
    title: 'Student – full-time teacher ratio',
    formula: 'students_enrolled / fulltime_teachers',
    unit: 'ratio',
  },
  {
    id: '2.4.1',
    criterion: '2',
    title: 'Full-time teachers against sanctioned posts',
    formula: 'fulltime_teachers / sanctioned_posts * 100',
    unit: '%',
  },
  {
    id: '2.4.2',
    criterion: '2',
    title: 'Full-time teachers with Ph.D.',
    formula: 'teachers_phd / fulltime_teachers * 100',
    unit: '%',
  },
  {
    id: '2.6.3',
    criterion: '2',
    title: 'Pass percentage of students (final year)',
    formula: 'final_year_passed / final_year_appeared * 100',
    unit: '%',
  },
  {
    id: '3.3.1',
    criterion: '3',
    title: 'Research papers per teacher',
    formula: 'publications / fulltime_teachers',
    unit: 'per teacher',
  },
  {
    id: '4.2.2',
    criterion: '4',
    title: 'Expenditure on purchase of books and journals',
    formula: 'library_expenditure_lakh',
    unit: '₹ lakh',
  },
  {
    id: '4.2.3',
    criterion: '4',
    title: 'Library loans per student',
    formula: 'library_loans / students_enrolled',
    unit: 'per student',
  },
  {
    id: '5.1.1',
    criterion: '5',
    title: 'Students benefited by scholarships and freeships',
    formula: 'scholarship_students / students_enrolled * 100',
    unit: '%',
  },
  {
    id: '5.1.5',
    criterion: '5',
    title: 'Grievances redressed',
    formula: 'grievances_resolved / grievances_lodged * 100',
    unit: '%',
  },
  {
    id: '5.1.5a',
    criterion: '5',
    title: 'Grievances decided within the regulations’ time limit',
    formula: 'grievances_in_time / grievances_lodged * 100',
    unit: '%',
  },
  {
    id: '5.2.1',
    criterion: '5',
    title: 'Placement of outgoing students',
    formula: 'placed_students / outgoing_students * 100',
    unit: '%',
  },
  {
    id: '5.2.2',
    criterion: '5',
    title: 'Outgoing students progressing to higher education',
    formula: 'higher_studies / outgoing_students * 100',
    unit: '%',
  },
];

/** Figures the portal does not hold: IQAC staff enter them per academic year. */
export interface FieldDefinition {
  key: string;
  label: string;
  help: string;
  defaultValue: number | null;
}

export const NAAC_FIELDS: FieldDefinition[] = [
  {
    key: 'sanctioned_intake',
    label: 'Sanctioned intake (first year)',
    help: 'Seats approved by AICTE / the university for the year',
    defaultValue: null,
  },
  {
    key: 'reserved_seats',
    label: 'Seats earmarked for reserved categories',
    help: 'As per the state reservation policy',
    defaultValue: null,
  },
  { key: 'sanctioned_posts', label: 'Sanctioned teaching posts', help: 'Posts sanctioned for the year', defaultValue: null },
];

/** Admission categories that are NOT reserved; every other non-empty category counts as reserved. */
export const UNRESERVED_CATEGORIES = ['OC', 'GEN', 'GENERAL', 'OPEN', 'UR'];

export const INPUT_LABELS: Record<string, string> = {
  admitted: 'Students admitted in the year',
  sanctioned_intake: 'Sanctioned intake',
  reserved_admitted: 'Reserved-category students admitted',
  reserved_seats: 'Seats earmarked for reserved categories',
  students_enrolled: 'Students on the rolls',
  fulltime_teachers: 'Full-time teachers',
  sanctioned_posts: 'Sanctioned teaching posts',
  teachers_phd: 'Full-time teachers with Ph.D.',
  final_year_appeared: 'Final-year students who appeared',
  final_year_passed: 'Final-year students who passed',
  publications: 'Research papers published (calendar year)',
  library_expenditure_lakh: 'Books and journals bought (₹ lakh)',
  library_loans: 'Library loans',
  scholarship_students: 'Students with a scholarship or freeship',
  grievances_lodged: 'Grievances lodged',
  grievances_resolved: 'Grievances decided',
  grievances_in_time: 'Grievances decided by their due date',
  outgoing_students: 'Outgoing (final-year) students',
  placed_students: 'Outgoing students placed',
  higher_studies: 'Outgoing students progressing to higher education',
};
