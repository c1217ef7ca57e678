import { z } from 'zod';
import { filePart, ZRejectedRow } from './common-schemas.js';
import { MSG } from './messages.js';

/** Spec section 5: only the part of the roll number before the first space is used. */
export function normalizeRollNo(input: string | null | undefined): string {
  return (input ?? '').trim().split(/\s+/)[0]?.toUpperCase() ?? '';
}

export const ZResultLookup = z.object({
  rollNo: z
    .string({ message: MSG.enterRollNumber })
    .max(100)
    .transform(normalizeRollNo)
    .refine((v) => v.length > 0, MSG.enterRollNumber),
  examTitle: z.string({ message: 'Please select an exam title' }).trim().min(1, 'Please select an exam title').max(200),
});
export type TResultLookup = z.infer<typeof ZResultLookup>;

/** Web form: the roll number box. */
export const ZRollNoForm = z.object({
  rollNo: z.string().refine((v) => normalizeRollNo(v).length > 0, MSG.enterRollNumber),
});
export type TRollNoForm = z.infer<typeof ZRollNoForm>;

export const ZResultRecord = z.object({
  examTitle: z.string(),
  sgpa: z.number(),
  courseCode: z.string(),
  course: z.string(),
  credits: z.number(),
  grade: z.string(),
  gradePoints: z.number(),
  status: z.string(),
});
export type TResultRecord = z.infer<typeof ZResultRecord>;

/** getExamResultByRollNoView (api-contract.md); no result is 200 with an empty listofRecords. */
export const ZExamResultView = z.object({
  studentName: z.string(),
  studentRollNo: z.string(),
  totalCredits: z.number(),
  earnedCredits: z.number(),
  passCount: z.number(),
  failCount: z.number(),
  sgpa: z.number(),
  listofRecords: z.array(ZResultRecord),
});
export type TExamResultView = z.infer<typeof ZExamResultView>;

/** getExamResultByRollNoReport: the marks memo PDF in base64, or the legacy "no data" answer. */
export const ZResultReport = z.union([
  z.object({ success: z.literal('True'), data: z.string().describe('base64 of the marks memo PDF') }),
  z.object({ success: z.literal('False'), message: z.string() }),
]);
export type TResultReport = z.infer<typeof ZResultReport>;

/** GET /api/exam-results/verify/:code */
export const ZMemoVerification = z.object({
  genuine: z.boolean(),
  message: z.string(),
  code: z.string(),
  collegeName: z.string(),
  examTitle: z.string(),
  issuedAt: z.string(),
  /** the result as printed on the memo */
  result: ZExamResultView,
  /** true when the result changed after the memo was issued (a later correction or supplementary) */
  revisedSinceIssue: z.boolean(),
});
export type TMemoVerification = z.infer<typeof ZMemoVerification>;

export const EXAM_TYPES = ['regular', 'supply'] as const;
export type TExamType = (typeof EXAM_TYPES)[number];

/** The exam cell's Excel template, column by column. */
export const RESULT_TEMPLATE_COLUMNS = [
  { key: 'rollNo', header: 'Roll Number', width: 16 },
  { key: 'examTitle', header: 'Exam Title', width: 50 },
  { key: 'examType', header: 'Regular/Supply', width: 16 },
  { key: 'courseCode', header: 'Course Code', width: 14 },
  { key: 'course', header: 'Course', width: 40 },
  { key: 'credits', header: 'Credits', width: 10 },
  { key: 'marks', header: 'Marks (% or AB)', width: 16 },
] as const;

const cell = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : String(v).trim()),
    z.string().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`),
  );

/** One template row as read from the sheet; cells may come as numbers or text. */
export const ZResultImportRow = z.object({
  rollNo: cell('Roll Number', 30).transform(normalizeRollNo),
  examTitle: cell('Exam Title', 200),
  examType: cell('Regular/Supply', 20).pipe(
    z
      .string()
      .transform((v) => v.toLowerCase())
      .transform((v) => (v === 'supplementary' ? 'supply' : v))
      .pipe(z.enum(EXAM_TYPES, { message: 'Regular/Supply must be Regular or Supply' })),
  ),
  courseCode: cell('Course Code', 30).transform((v) => v.toUpperCase()),
  course: cell('Course', 200),
  credits: z.preprocess(
    (v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : Number(String(v).trim())),
    z
      .number({ message: 'Credits must be a number' })
      .refine((n) => Number.isFinite(n), 'Credits must be a number')
      .refine((n) => n > 0 && n <= 10, 'Credits must be more than 0 and at most 10')
      .refine((n) => Number.isInteger(n * 2), 'Credits must be a whole or half number'),
  ),
  marks: z.preprocess(
    (v) => {
      const s = v === null || v === undefined ? '' : String(v).trim();
      if (s.toUpperCase() === 'AB') return 'AB';
      return s === '' ? undefined : Number(s);
    },
    z.union(
      [
        z.literal('AB'),
        z.number().refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, 'Marks must be a percentage from 0 to 100, or AB'),
      ],
      { message: 'Marks must be a percentage from 0 to 100, or AB' },
    ),
  ),
});
export type TResultImportRow = z.infer<typeof ZResultImportRow>;

export const ZPublishTitle = z.object({ published: z.boolean({ message: 'published must be true or false' }) });
export type TPublishTitle = z.infer<typeof ZPublishTitle>;

/** GET /api/exam-results/titles (exam cell) */
export const ZExamTitleSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  examType: z.enum(EXAM_TYPES),
  published: z.boolean(),
  students: z.number().int(),
  results: z.number().int(),
  failed: z.number().int(),
  absent: z.number().int(),
  createdAt: z.string(),
});
export type TExamTitleSummary = z.infer<typeof ZExamTitleSummary>;
export const ZExamTitleList = z.array(ZExamTitleSummary);

/** POST /api/exam-results/import */
export const ZResultImportReport = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  saved: z.number().int(),
  rejected: z.array(ZRejectedRow),
  titles: z.array(z.object({ title: z.string(), examType: z.enum(EXAM_TYPES), created: z.boolean(), rows: z.number().int() })),
  replacedFailures: z.number().int(),
});
export type TResultImportReport = z.infer<typeof ZResultImportReport>;

/** The import's multipart parts. */
export const ZResultImportParts = z.object({ excelFileUpload: filePart('the filled exam-results template (.xlsx)') });
