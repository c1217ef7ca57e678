import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * The exam cell after the exam: a regulation's exam rules (maxima, minimums, supplementary and
 * revaluation rules, classes), internal marks with their lock and moderation, external marks
 * twice entered against dummy numbers, the processed outcome of each paper, grace rules and their
 * awards (kept apart from the marks), recounting/photocopy/revaluation requests, the history of
 * every changed result, and each student's ABC (APAAR) id. Marks are whole numbers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'regulation_exam_rules')
    .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id').onDelete('cascade'))
    .addColumn('cie_max', 'integer', (c) => c.notNull())
    .addColumn('see_max', 'integer', (c) => c.notNull())
    .addColumn('cie_min', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('see_min', 'integer', (c) => c.notNull())
    // percent of cie_max + see_max
    .addColumn('total_min_percent', 'integer', (c) => c.notNull())
    // the best grade a supplementary pass may get ('' = no cap)
    .addColumn('supply_grade_cap', 'varchar(2)', text)
    .addColumn('supply_revaluation', 'integer', (c) => c.notNull().defaultTo(0))
    // second_if_diff (the second marks stand when they differ by more than reval_threshold) | average
    .addColumn('reval_rule', 'varchar(16)', (c) => c.notNull())
    .addColumn('reval_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    // CGPA × 100 lines of the classes
    .addColumn('distinction_cgpa_x100', 'integer', (c) => c.notNull())
    .addColumn('first_class_cgpa_x100', 'integer', (c) => c.notNull())
    .addColumn('second_class_cgpa_x100', 'integer', (c) => c.notNull())
    .addUniqueConstraint('regulation_exam_rules_one', ['regulation_id'])
    .execute();

  await db.schema.alterTable('exams').addColumn('decoded_at', 'varchar(40)').execute();
  for (const [name, type] of [
    ['processed_at', 'varchar(40)'],
    ['published_at', 'varchar(40)'],
    ['exam_title_id', 'integer'],
    ['reval_closes', 'varchar(10)'],
  ] as const) {
    await db.schema.alterTable('exams').addColumn(name, type).execute();
  }
  for (const name of ['recount_fee_paise', 'photocopy_fee_paise', 'reval_fee_paise', 'reduced_percent']) {
    await db.schema
      .alterTable('exams')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // comma-separated caste categories whose revaluation fees are reduced by reduced_percent
  await db.schema.alterTable('exams').addColumn('reduced_categories', 'varchar(200)', text).execute();

  await collegeTable(db, 'exam_internal_marks')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('marks', 'integer', (c) => c.notNull())
    // the marks before moderation; null when never moderated
    .addColumn('original_marks', 'integer')
    .addColumn('moderation_reason', 'varchar(300)', text)
    .addColumn('entered_by_name', 'varchar(120)', text)
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_internal_marks_one', ['exam_id', 'paper_id', 'student_id'])
    .execute();

  await collegeTable(db, 'exam_internal_locks')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('locked_by_name', 'varchar(120)', text)
    .addColumn('locked_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_internal_locks_one', ['exam_id', 'paper_id', 'section_id'])
    .execute();

  // two entries by two evaluators; the marks stand when they agree
  await collegeTable(db, 'exam_external_marks')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('script_id', 'integer', (c) => c.notNull().references('exam_scripts.id').onDelete('cascade'))
    .addColumn('first_marks', 'integer')
    .addColumn('first_by_id', 'integer')
    .addColumn('first_by_name', 'varchar(120)', text)
    .addColumn('second_marks', 'integer')
    .addColumn('second_by_id', 'integer')
    .addColumn('second_by_name', 'varchar(120)', text)
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_external_marks_one', ['script_id'])
    .execute();

  await collegeTable(db, 'grace_rules')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    // pass | class
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('max_marks', 'integer', (c) => c.notNull())
    .addColumn('max_subjects', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by_name', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  // one paper's processed result; grace is apart from the marks
  await collegeTable(db, 'exam_outcomes')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('internal_marks', 'integer')
    .addColumn('external_marks', 'integer')
    .addColumn('grace_marks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grace_rule_id', 'integer')
    .addColumn('total_marks', 'integer', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('grade', 'varchar(3)', (c) => c.notNull())
    .addColumn('grade_points', 'integer', (c) => c.notNull())
    // Pass | Fail | Absent | Malpractice | Withheld
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('withheld_reason', 'varchar(200)', text)
    .addUniqueConstraint('exam_outcomes_one', ['exam_id', 'student_id', 'paper_id'])
    .execute();

  await collegeTable(db, 'revaluation_requests')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    // recount | photocopy | revaluation
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    // requested | decided
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('old_marks', 'integer', (c) => c.notNull())
    .addColumn('second_marks', 'integer')
    .addColumn('new_marks', 'integer')
    .addColumn('old_grade', 'varchar(3)', (c) => c.notNull())
    .addColumn('new_grade', 'varchar(3)', text)
    .addColumn('requested_by_name', 'varchar(120)', text)
    .addColumn('decided_by_name', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(40)', text)
    .addUniqueConstraint('revaluation_requests_one', ['exam_id', 'student_id', 'paper_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('revaluation_requests_exam')
    .on('revaluation_requests')
    .columns(['college_id', 'exam_id', 'status'])
    .execute();

  // every change to a processed result after it was made: what, from, to, why, who
  await collegeTable(db, 'exam_result_changes')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    // revaluation | recount
    .addColumn('cause', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_marks', 'integer', (c) => c.notNull())
    .addColumn('to_marks', 'integer', (c) => c.notNull())
    .addColumn('from_grade', 'varchar(3)', (c) => c.notNull())
    .addColumn('to_grade', 'varchar(3)', (c) => c.notNull())
    .addColumn('by_name', 'varchar(120)', text)
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('students').addColumn('abc_id', 'varchar(12)').execute();
  // one student per ABC id in a college (NULLs, students without one, do not collide)
  await db.schema.createIndex('students_abc_id').on('students').columns(['college_id', 'abc_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('students_abc_id').execute();
  await db.schema.alterTable('students').dropColumn('abc_id').execute();
  for (const t of [
    'exam_result_changes',
    'revaluation_requests',
    'exam_outcomes',
    'grace_rules',
    'exam_external_marks',
    'exam_internal_locks',
    'exam_internal_marks',
    'regulation_exam_rules',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  for (const c of [
    'reduced_categories',
    'reduced_percent',
    'reval_fee_paise',
    'photocopy_fee_paise',
    'recount_fee_paise',
    'reval_closes',
    'exam_title_id',
    'published_at',
    'processed_at',
    'decoded_at',
  ]) {
    await db.schema.alterTable('exams').dropColumn(c).execute();
  }
}
