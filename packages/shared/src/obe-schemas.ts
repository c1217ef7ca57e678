import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

/**
 * Outcome-based education (NBA's method): program outcomes, course outcomes, the CO–PO/PSO
 * mapping, assessments tagged to COs, marks, the course-exit survey and the attainment figures.
 */

/** Who runs OBE for the college: settings, program outcomes, every subject. */
export const OBE_ADMIN_ROLES: Role[] = [ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR, ROLES.ADMIN];
/** Who reads every figure (the HoD their department's). */
export const OBE_VIEW_ROLES: Role[] = [
  ...OBE_ADMIN_ROLES,
  ROLES.HOD,
  ROLES.PRINCIPAL,
  ROLES.DEAN,
  ROLES.ACADEMICS,
  ROLES.FACULTY,
];
/** Who edits COs, assessments and marks (faculty: their own allocated subjects only). */
export const OBE_EDIT_ROLES: Role[] = [...OBE_ADMIN_ROLES, ROLES.HOD, ROLES.FACULTY];

export { OBE_PATHS } from './module-paths.js';

export const ASSESSMENT_KINDS = ['mid', 'assignment', 'quiz', 'lab', 'end_exam'] as const;
export type TAssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const ASSESSMENT_KIND_LABELS: Record<TAssessmentKind, string> = {
  mid: 'Mid exam',
  assignment: 'Assignment',
  quiz: 'Quiz',
  lab: 'Lab',
  end_exam: 'End exam',
};
/** The end exam is the external component; everything else is internal. */
export const isExternal = (kind: string) => kind === 'end_exam';

/** NBA's twelve program outcomes (graduate attributes), preloaded for every college and editable. */
export const NBA_PROGRAM_OUTCOMES: ReadonlyArray<{ code: string; title: string; statement: string }> = [
  { code: 'PO1', title: 'Engineering knowledge', statement: 'Apply the knowledge of mathematics, science, engineering fundamentals, and an engineering specialization to the solution of complex engineering problems.' },
  { code: 'PO2', title: 'Problem analysis', statement: 'Identify, formulate, review research literature, and analyze complex engineering problems reaching substantiated conclusions using first principles of mathematics, natural sciences, and engineering sciences.' },
  { code: 'PO3', title: 'Design/development of solutions', statement: 'Design solutions for complex engineering problems and design system components or processes that meet the specified needs with appropriate consideration for the public health and safety, and the cultural, societal, and environmental considerations.' },
  { code: 'PO4', title: 'Conduct investigations of complex problems', statement: 'Use research-based knowledge and research methods including design of experiments, analysis and interpretation of data, and synthesis of the information to provide valid conclusions.' },
  { code: 'PO5', title: 'Modern tool usage', statement: 'Create, select, and apply appropriate techniques, resources, and modern engineering and IT tools including prediction and modeling to complex engineering activities with an understanding of the limitations.' },
  { code: 'PO6', title: 'The engineer and society', statement: 'Apply reasoning informed by the contextual knowledge to assess societal, health, safety, legal and cultural issues and the consequent responsibilities relevant to the professional engineering practice.' },
  { code: 'PO7', title: 'Environment and sustainability', statement: 'Understand the impact of the professional engineering solutions in societal and environmental contexts, and demonstrate the knowledge of, and need for sustainable development.' },
  { code: 'PO8', title: 'Ethics', statement: 'Apply ethical principles and commit to professional ethics and responsibilities and norms of the engineering practice.' },
  { code: 'PO9', title: 'Individual and team work', statement: 'Function effectively as an individual, and as a member or leader in diverse teams, and in multidisciplinary settings.' },
  { code: 'PO10', title: 'Communication', statement: 'Communicate effectively on complex engineering activities with the engineering community and with society at large, such as, being able to comprehend and write effective reports and design documentation, make effective presentations, and give and receive clear instructions.' },
  { code: 'PO11', title: 'Project management and finance', statement: "Demonstrate knowledge and understanding of the engineering and management principles and apply these to one's own work, as a member and leader in a team, to manage projects and in multidisciplinary environments." },
  { code: 'PO12', title: 'Life-long learning', statement: 'Recognize the need for, and have the preparation and the ability to engage in independent and life-long learning in the broadest context of technological change.' },
];

export const OBE_MSG = {
  subjectNotFound: 'Subject not found',
  sectionNotFound: 'Section not found',
  assessmentNotFound: 'Assessment not found',
  branchNotFound: 'Branch not found',
  batchNotFound: 'Batch not found',
  notYourSubject: 'You can only work on the subjects allotted to you',
  notYourDepartment: 'This subject belongs to another department',
  duplicateCo: (code: string) => `The course outcome ${code} is listed twice`,
  unknownCo: (code: string) => `The mapping names ${code}, which is not one of the subject's course outcomes`,
  unknownOutcome: (code: string) => `The mapping names ${code}, which is not a program outcome of this branch`,
  coInUse: (code: string) => `${code} has questions tagged to it; retag them before removing it`,
  questionCo: (label: string) => `Question ${label} is tagged to a course outcome the subject does not have`,
  noCos: 'Define the course outcomes of this subject first',
  noQuestions: 'An assessment needs at least one question',
  duplicateQuestion: (label: string) => `Question ${label} is listed twice`,
  studentNotInSection: (roll: string) => `${roll} is not a student of this section`,
  overMax: (roll: string, label: string, max: number) => `${roll}: ${label} is more than its maximum of ${max}`,
  totalOverMax: (roll: string, max: number) => `${roll}: the total is more than the paper's maximum of ${max}`,
  totalsOnlyEndExam: 'Only an end exam takes totals per student (apportioned to COs by the paper)',
  levelsOrder: 'The thresholds must fall: level 3 above level 2 above level 1',
  weightsInternal: 'Internal and external weights must add up to 100',
  weightsDirect: 'Direct and indirect weights must add up to 100',
  surveyNotOpen: 'There is no course-exit survey for you in this subject',
  surveyAllCos: 'Rate every course outcome from 1 to 5',
  surveyThanks: 'Thank you: your course-exit survey is saved',
  duplicateOutcome: (code: string) => `The outcome ${code} is listed twice`,
  poFixed: 'PO1 to PO12 are NBA’s program outcomes: their codes cannot change',
  maxBelowMarks: (label: string, highest: number) =>
    `Question ${label} already has a mark of ${highest} entered: its maximum cannot be less than ${highest}`,
  questionHasMarks: (label: string, students: number) =>
    `Question ${label} has marks entered for ${students} student(s): clear them in the marks grid before removing it`,
  unknownQuestion: 'A question to edit does not belong to this assessment',
  confirmDelete: (name: string, students: number) =>
    `${name} has marks entered for ${students} student(s): confirm to delete the assessment with its marks`,
  deleted: (name: string, students: number) =>
    students ? `${name} deleted with the marks of ${students} student(s)` : `${name} deleted`,
  yearLocked: (year: string) => `The academic year ${year} is locked: its assessments, marks and rules can no longer change`,
  lockedYear: (year: string) => `${year} locked: its figures are final`,
  unlockedYear: (year: string) => `${year} unlocked: its assessments and rules can change again`,
  saved: 'Saved',
};

const year = z.string().regex(/^\d{4}-\d{4}$/, 'Academic year as 2025-2026');
export const ZAcademicYearQuery = z.object({ year: year.optional() });

// ---- Settings -------------------------------------------------------------------------------

export const ZObeSettingsInput = z
  .object({
    academicYear: year,
    /** a student attains a CO when scoring at least this % of its marks */
    targetPct: z.number().min(1).max(100),
    /** % of students attaining for levels 3, 2 and 1 */
    level3: z.number().min(0).max(100),
    level2: z.number().min(0).max(100),
    level1: z.number().min(0).max(100),
    internalWeight: z.number().min(0).max(100),
    externalWeight: z.number().min(0).max(100),
    directWeight: z.number().min(0).max(100),
    indirectWeight: z.number().min(0).max(100),
    /** the level (0–3) each CO and PO is expected to reach: the report's target */
    targetLevel: z.number().min(0).max(3),
  })
  .superRefine((v, ctx) => {
    if (!(v.level3 > v.level2 && v.level2 > v.level1)) ctx.addIssue({ code: 'custom', path: ['level3'], message: OBE_MSG.levelsOrder });
    if (v.internalWeight + v.externalWeight !== 100)
      ctx.addIssue({ code: 'custom', path: ['internalWeight'], message: OBE_MSG.weightsInternal });
    if (v.directWeight + v.indirectWeight !== 100)
      ctx.addIssue({ code: 'custom', path: ['directWeight'], message: OBE_MSG.weightsDirect });
  });
export type TObeSettingsInput = z.infer<typeof ZObeSettingsInput>;
export const ZObeSettings = z.object({
  academicYear: z.string(),
  targetPct: z.number(),
  level3: z.number(),
  level2: z.number(),
  level1: z.number(),
  internalWeight: z.number(),
  externalWeight: z.number(),
  directWeight: z.number(),
  indirectWeight: z.number(),
  targetLevel: z.number(),
  /** false: nothing saved for this year yet, the defaults apply */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
  /** a locked year's papers, marks and rules refuse changes (its figures are final) */
  locked: z.boolean(),
  lockedAt: z.string().nullable(),
});
export type TObeSettings = z.infer<typeof ZObeSettings>;
export const ZObeYearLockInput = z.object({ academicYear: year, locked: z.boolean() });
export type TObeYearLockInput = z.infer<typeof ZObeYearLockInput>;
export const ZObeYearLocked = z.object({ message: z.string(), settings: ZObeSettings });

export const OBE_DEFAULT_SETTINGS = {
  targetPct: 60,
  level3: 70,
  level2: 60,
  level1: 50,
  internalWeight: 30,
  externalWeight: 70,
  directWeight: 80,
  indirectWeight: 20,
  targetLevel: 2,
} as const;

// ---- Program outcomes (POs and PSOs) --------------------------------------------------------

export const ZProgramOutcome = z.object({
  id: z.number(),
  /** PO1…PO12 (college-wide) or PSO1… (per branch) */
  code: z.string(),
  kind: z.enum(['PO', 'PSO']),
  branchId: z.number().nullable(),
  title: z.string(),
  statement: z.string(),
});
export type TProgramOutcome = z.infer<typeof ZProgramOutcome>;
export const ZProgramOutcomeList = z.array(ZProgramOutcome);
export const ZProgramOutcomesQuery = z.object({ branchId: z.coerce.number().int().positive().optional() });
export const ZProgramOutcomesInput = z.object({
  /** null: the POs; a branch: its PSOs */
  branchId: z.number().int().positive().nullable(),
  outcomes: z
    .array(
      z.object({
        code: z.string().trim().min(2).max(10),
        title: z.string().trim().max(120).default(''),
        statement: z.string().trim().min(5, 'Write the outcome statement').max(1000),
      }),
    )
    .max(30),
});
export type TProgramOutcomesInput = z.infer<typeof ZProgramOutcomesInput>;

// ---- Course outcomes and mapping ------------------------------------------------------------

export const ZSubjectParams = z.object({ subjectId: z.coerce.number().int().positive() });
export const ZCourseOutcome = z.object({ id: z.number(), code: z.string(), statement: z.string() });
export const ZCoMapping = z.object({ co: z.string(), outcome: z.string(), strength: z.number().int().min(1).max(3) });
export const ZSubjectOutcomes = z.object({
  subject: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    branchId: z.number().nullable(),
    branchName: z.string().nullable(),
    regulationCode: z.string(),
    semesterName: z.string().nullable(),
  }),
  cos: z.array(ZCourseOutcome),
  /** the POs and the branch's PSOs, the grid's columns */
  outcomes: ZProgramOutcomeList,
  mapping: z.array(ZCoMapping),
  canEdit: z.boolean(),
  /** the sections the caller may set papers for in this subject */
  sections: z.array(z.object({ id: z.number(), label: z.string() })),
});
export type TSubjectOutcomes = z.infer<typeof ZSubjectOutcomes>;
export const ZSubjectOutcomesInput = z.object({
  cos: z
    .array(z.object({ code: z.string().trim().regex(/^CO\d{1,2}$/, 'Course outcomes are named CO1, CO2, …'), statement: z.string().trim().min(5, 'Write the outcome statement').max(1000) }))
    .min(1, 'A subject needs at least one course outcome')
    .max(20),
  mapping: z.array(ZCoMapping).max(20 * 30),
});
export type TSubjectOutcomesInput = z.infer<typeof ZSubjectOutcomesInput>;

// ---- Subjects the caller works on -----------------------------------------------------------

export const ZObeSubjectsQuery = z.object({
  q: z.string().trim().max(100).optional().default(''),
  branchId: z.coerce.number().int().positive().optional(),
  regulationId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export const ZObeSubjectRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  branchName: z.string().nullable(),
  regulationCode: z.string(),
  semesterName: z.string().nullable(),
  cos: z.number(),
  assessments: z.number(),
});
export const ZObeSubjectList = z.object({ items: z.array(ZObeSubjectRow), total: z.number() });
export type TObeSubjectList = z.infer<typeof ZObeSubjectList>;

// ---- Assessments ----------------------------------------------------------------------------

export const ZAssessmentsQuery = z.object({
  subjectId: z.coerce.number().int().positive().optional(),
  sectionId: z.coerce.number().int().positive().optional(),
  year: year.optional(),
});
export const ZQuestionInput = z.object({
  label: z.string().trim().min(1).max(12),
  co: z.string().trim().min(2).max(5),
  maxMarks: z.number().positive('Maximum marks must be more than 0').max(500),
});
export const ZAssessmentInput = z.object({
  subjectId: z.number().int().positive(),
  sectionId: z.number().int().positive(),
  academicYear: year,
  kind: z.enum(ASSESSMENT_KINDS),
  name: z.string().trim().min(2, 'Name the assessment').max(80),
  questions: z.array(ZQuestionInput).min(1, OBE_MSG.noQuestions).max(60),
});
export type TAssessmentInput = z.infer<typeof ZAssessmentInput>;
/**
 * An edit of a paper: its name, kind and questions (a question with `id` is kept and may be
 * relabelled, retagged or given a new maximum; one without is added; one left out is removed).
 * The subject, section and year stay: the marks belong to them.
 */
export const ZAssessmentUpdate = z.object({
  kind: z.enum(ASSESSMENT_KINDS),
  name: ZAssessmentInput.shape.name,
  questions: z.array(ZQuestionInput.extend({ id: z.number().int().positive().optional() })).min(1, OBE_MSG.noQuestions).max(60),
});
export type TAssessmentUpdate = z.infer<typeof ZAssessmentUpdate>;
/** Deleting a paper with marks needs `confirm=true`: the marks go with it. */
export const ZAssessmentDeleteQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });
export const ZAssessmentDeleted = z.object({ message: z.string(), marksDeleted: z.number() });
export const ZQuestion = z.object({ id: z.number(), label: z.string(), co: z.string(), coId: z.number(), maxMarks: z.number() });
export const ZAssessment = z.object({
  id: z.number(),
  subjectId: z.number(),
  subjectCode: z.string(),
  sectionId: z.number(),
  sectionLabel: z.string(),
  academicYear: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  name: z.string(),
  maxMarks: z.number(),
  questions: z.array(ZQuestion),
  /** students with at least one mark entered */
  marked: z.number(),
  createdAt: z.string(),
  /** its academic year is locked: no edits */
  yearLocked: z.boolean(),
});
export type TAssessment = z.infer<typeof ZAssessment>;
export const ZAssessmentList = z.array(ZAssessment);

/** The marks grid: a row per student of the section, a cell per question (null = not entered). */
export const ZMarksSheet = z.object({
  assessment: ZAssessment,
  students: z.array(
    z.object({ studentId: z.number(), rollNo: z.string(), name: z.string(), marks: z.array(z.number().nullable()), total: z.number().nullable() }),
  ),
  canEdit: z.boolean(),
});
export type TMarksSheet = z.infer<typeof ZMarksSheet>;
export const ZMarksInput = z.object({
  rows: z
    .array(
      z
        .object({
          studentId: z.number().int().positive(),
          /** by question, in the assessment's order; null clears a cell */
          marks: z.array(z.number().min(0).nullable()).optional(),
          /** end exam only: the student's total, apportioned to the questions by their maximum marks */
          total: z.number().min(0).nullable().optional(),
        })
        .refine((r) => r.marks !== undefined || r.total !== undefined, 'Give marks per question or a total'),
    )
    .max(2000),
});
export type TMarksInput = z.infer<typeof ZMarksInput>;
export const ZMarksSaved = z.object({ message: z.string(), saved: z.number() });
export const ZMarksImportParts = z.object({ excelFileUpload: z.string().describe('the filled marks template (.xlsx)') });

// ---- Attainment -----------------------------------------------------------------------------

const part = z.object({
  maxMarks: z.number(),
  students: z.number(),
  attained: z.number(),
  /** % of students attaining */
  pct: z.number(),
  level: z.number(),
});
export const ZCoAttainment = z.object({
  coId: z.number(),
  code: z.string(),
  statement: z.string(),
  internal: part.nullable(),
  external: part.nullable(),
  direct: z.number().nullable(),
  /** mean rating (1–5) and its value on the 3-point scale (× 3/5) */
  surveyMean: z.number().nullable(),
  surveyResponses: z.number(),
  indirect: z.number().nullable(),
  final: z.number().nullable(),
  target: z.number(),
  gap: z.number().nullable(),
});
export type TCoAttainment = z.infer<typeof ZCoAttainment>;
export const ZOutcomeAttainment = z.object({
  outcomeId: z.number(),
  code: z.string(),
  kind: z.enum(['PO', 'PSO']),
  /** Σ(CO attainment × strength) / Σ strength, null when nothing maps to it */
  value: z.number().nullable(),
  strengthSum: z.number(),
  weightedSum: z.number(),
  target: z.number(),
  gap: z.number().nullable(),
});
export type TOutcomeAttainment = z.infer<typeof ZOutcomeAttainment>;
export const ZSubjectAttainment = z.object({
  subject: ZSubjectOutcomes.shape.subject,
  academicYear: z.string(),
  /** the one section the figures are for; null: every section of the subject, students pooled */
  section: z.object({ id: z.number(), label: z.string() }).nullable(),
  /** the sections assessed in the subject that year: the choices of the section filter */
  sections: z.array(z.object({ id: z.number(), label: z.string() })),
  settings: ZObeSettings,
  students: z.number(),
  cos: z.array(ZCoAttainment),
  outcomes: z.array(ZOutcomeAttainment),
  mapping: z.array(ZCoMapping),
  assessments: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string(), sectionLabel: z.string(), maxMarks: z.number() })),
});
export type TSubjectAttainment = z.infer<typeof ZSubjectAttainment>;
export const ZSubjectAttainmentQuery = z.object({
  year: year.optional(),
  sectionId: z.coerce.number().int().positive().optional(),
});

/** The rows behind one CO figure: each student's marks against the target, or their ratings. */
export const ZAttainmentRowsQuery = z.object({
  year: year.optional(),
  sectionId: z.coerce.number().int().positive().optional(),
  co: z.string().min(2).max(5),
  part: z.enum(['internal', 'external', 'survey']),
});
export const ZAttainmentRows = z.object({
  co: z.string(),
  part: z.string(),
  maxMarks: z.number(),
  threshold: z.number(),
  rows: z.array(
    z.object({
      rollNo: z.string(),
      name: z.string(),
      section: z.string(),
      /** marks obtained (or rating) */
      value: z.number(),
      pct: z.number(),
      attained: z.boolean(),
    }),
  ),
});
export type TAttainmentRows = z.infer<typeof ZAttainmentRows>;

export const ZProgramAttainmentQuery = z.object({
  branch: z.string().trim().min(1, 'Choose a branch'),
  batch: z.string().trim().min(1, 'Choose a batch'),
});
export const ZProgramAttainment = z.object({
  branch: z.string(),
  batch: z.string(),
  regulationCode: z.string(),
  outcomes: z.array(ZOutcomeAttainment),
  /** every subject's contribution: drill down from a PO to its subjects, from a subject to its COs */
  subjects: z.array(
    z.object({
      subjectId: z.number(),
      code: z.string(),
      name: z.string(),
      semesterName: z.string().nullable(),
      academicYear: z.string().nullable(),
      cos: z.array(z.object({ code: z.string(), final: z.number().nullable() })),
      outcomes: z.array(z.object({ code: z.string(), value: z.number().nullable(), strengthSum: z.number(), weightedSum: z.number() })),
    }),
  ),
});
export type TProgramAttainment = z.infer<typeof ZProgramAttainment>;
export const ZProgramChoices = z.object({
  branches: z.array(z.object({ id: z.number(), shortName: z.string(), name: z.string() })),
  batches: z.array(z.object({ id: z.number(), name: z.string() })),
});

// ---- Course-exit survey ---------------------------------------------------------------------

export const ZSurveyForms = z.array(
  z.object({
    subjectId: z.number(),
    subjectCode: z.string(),
    subjectName: z.string(),
    academicYear: z.string(),
    cos: z.array(z.object({ code: z.string(), statement: z.string(), rating: z.number().nullable() })),
    answered: z.boolean(),
  }),
);
export type TSurveyForms = z.infer<typeof ZSurveyForms>;
export const ZSurveyInput = z.object({
  academicYear: year,
  ratings: z.array(z.object({ co: z.string(), rating: z.number().int().min(1, OBE_MSG.surveyAllCos).max(5, OBE_MSG.surveyAllCos) })).min(1).max(20),
});
export type TSurveyInput = z.infer<typeof ZSurveyInput>;

/** The IQAC dashboard's OBE tile. */
export const ZObeSummary = z.object({
  academicYear: z.string(),
  subjectsWithCos: z.number(),
  assessments: z.number(),
  marksEntered: z.number(),
  surveyResponses: z.number(),
});
export type TObeSummary = z.infer<typeof ZObeSummary>;
