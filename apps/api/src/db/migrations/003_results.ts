import type { Kysely } from 'kysely';
import { collegeTable } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'exam_titles')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('exam_type', 'varchar(20)', (c) => c.notNull().defaultTo('regular'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_titles_college_title', ['college_id', 'title'])
    .execute();

  await collegeTable(db, 'exam_results')
    .addColumn('exam_title_id', 'integer', (c) => c.notNull().references('exam_titles.id').onDelete('cascade'))
    .addColumn('roll_no', 'varchar(30)', (c) => c.notNull())
    // Copied from students at import, so the public lookup reads one table with no joins.
    .addColumn('student_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('course_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('course', 'varchar(200)', (c) => c.notNull())
    .addColumn('credits', 'double precision', (c) => c.notNull())
    .addColumn('marks', 'double precision')
    .addColumn('grade', 'varchar(4)', (c) => c.notNull())
    .addColumn('grade_points', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('exam_results_unique', ['exam_title_id', 'roll_no', 'course_code'])
    .execute();
  await db.schema
    .createIndex('exam_results_lookup')
    .on('exam_results')
    .columns(['college_id', 'roll_no', 'exam_title_id'])
    .execute();

  await db.schema
    .createTable('result_verifications')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('exam_title_id', 'integer', (c) => c.notNull().references('exam_titles.id').onDelete('cascade'))
    .addColumn('roll_no', 'varchar(30)', (c) => c.notNull())
    // The result as printed, so a verifier sees exactly what the genuine memo says.
    .addColumn('snapshot_json', 'text', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('result_verifications_issue')
    .on('result_verifications')
    .columns(['college_id', 'exam_title_id', 'roll_no', 'digest'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['result_verifications', 'exam_results', 'exam_titles']) {
    await db.schema.dropTable(t).execute();
  }
}
