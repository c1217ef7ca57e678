import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/** Outcome-based education: outcomes, CO–PO mapping, assessments, marks, exit survey, yearly settings. */
export async function up(db: Kysely<any>): Promise<void> {
  // The rules of one academic year; a year without a row uses the defaults, so saving this year's
  // rules never changes last year's figures.
  await collegeTable(db, 'obe_settings')
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('target_pct', 'double precision', (c) => c.notNull())
    .addColumn('level3', 'double precision', (c) => c.notNull())
    .addColumn('level2', 'double precision', (c) => c.notNull())
    .addColumn('level1', 'double precision', (c) => c.notNull())
    .addColumn('internal_weight', 'double precision', (c) => c.notNull())
    .addColumn('external_weight', 'double precision', (c) => c.notNull())
    .addColumn('direct_weight', 'double precision', (c) => c.notNull())
    .addColumn('indirect_weight', 'double precision', (c) => c.notNull())
    .addColumn('target_level', 'double precision', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('obe_settings_year', ['college_id', 'academic_year'])
    .execute();

  // POs (branch_id null, college-wide) and PSOs (per branch).
  await collegeTable(db, 'obe_program_outcomes')
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('cascade'))
    /** PO | PSO */
    .addColumn('kind', 'varchar(3)', (c) => c.notNull())
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', text)
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('obe_program_outcomes_branch').on('obe_program_outcomes').columns(['college_id', 'branch_id']).execute();

  await collegeTable(db, 'obe_course_outcomes')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('code', 'varchar(5)', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('obe_course_outcomes_code', ['subject_id', 'code'])
    .execute();
  await db.schema.createIndex('obe_course_outcomes_subject').on('obe_course_outcomes').columns(['college_id', 'subject_id']).execute();

  await collegeTable(db, 'obe_co_mappings')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('co_id', 'integer', (c) => c.notNull().references('obe_course_outcomes.id').onDelete('cascade'))
    .addColumn('outcome_id', 'integer', (c) => c.notNull().references('obe_program_outcomes.id').onDelete('cascade'))
    .addColumn('strength', 'integer', (c) => c.notNull())
    .addUniqueConstraint('obe_co_mappings_pair', ['co_id', 'outcome_id'])
    .execute();
  await db.schema.createIndex('obe_co_mappings_subject').on('obe_co_mappings').columns(['college_id', 'subject_id']).execute();

  await collegeTable(db, 'obe_assessments')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    /** mid | assignment | quiz | lab | end_exam */
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('obe_assessments_subject')
    .on('obe_assessments')
    .columns(['college_id', 'subject_id', 'academic_year'])
    .execute();

  await collegeTable(db, 'obe_questions')
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('obe_assessments.id').onDelete('cascade'))
    .addColumn('co_id', 'integer', (c) => c.notNull().references('obe_course_outcomes.id'))
    .addColumn('label', 'varchar(12)', (c) => c.notNull())
    .addColumn('max_marks', 'double precision', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('obe_questions_assessment').on('obe_questions').columns(['assessment_id']).execute();

  await collegeTable(db, 'obe_marks')
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('obe_assessments.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('obe_questions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('marks', 'double precision', (c) => c.notNull())
    .addUniqueConstraint('obe_marks_cell', ['question_id', 'student_id'])
    .execute();
  // Covering: the attainment reads every mark of many papers at once straight from the index.
  await db.schema
    .createIndex('obe_marks_assessment')
    .on('obe_marks')
    .columns(['assessment_id', 'question_id', 'student_id', 'marks'])
    .execute();

  await collegeTable(db, 'obe_survey_responses')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('co_id', 'integer', (c) => c.notNull().references('obe_course_outcomes.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('obe_survey_cell', ['subject_id', 'academic_year', 'student_id', 'co_id'])
    .execute();
  // Covering: a program's survey sums read from the index alone.
  await db.schema
    .createIndex('obe_survey_subject')
    .on('obe_survey_responses')
    .columns(['college_id', 'subject_id', 'academic_year', 'co_id', 'student_id', 'rating'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'obe_survey_responses',
    'obe_marks',
    'obe_questions',
    'obe_assessments',
    'obe_co_mappings',
    'obe_course_outcomes',
    'obe_program_outcomes',
    'obe_settings',
  ])
    await db.schema.dropTable(t).execute();
}
