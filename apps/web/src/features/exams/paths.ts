/**
 * This feature's screens. The menu (components/layout/menu-tree.ts) spells those without a
 * parameter too; the menu-routes test fails if they drift apart.
 */
export const EXAMS_PATHS = {
  /** the exam cell's list of exams (the principal reads it too) */
  list: '/app/exams',
  /** one exam's page */
  exam: (id: number | string) => `/app/exams/${id}`,
  examRoute: '/app/exams/:id',
  /** the exam cell's grace rules (used when results are processed) */
  graceRules: '/app/exams/grace-rules',
  /** the faculty's and HoD's marks desk: internal marks and evaluation */
  marksEntry: '/app/exams/marks',
  /** the student's own exams */
  mine: '/app/Student/Exams',
} as const;
