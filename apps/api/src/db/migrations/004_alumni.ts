import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'alumni')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('course', 'varchar(60)', text)
    .addColumn('roll_number', 'varchar(30)', (c) => c.notNull())
    .addColumn('batch', 'varchar(20)', text)
    .addColumn('mobile_number', 'varchar(10)', text)
    .addColumn('email', 'varchar(160)', text)
    .addColumn('working', 'varchar(4)', text)
    .addColumn('company_name', 'varchar(200)', text)
    .addColumn('job_title', 'varchar(120)', text)
    .addColumn('work_address', 'varchar(300)', text)
    .addColumn('institute_name', 'varchar(200)', text)
    .addColumn('course_name', 'varchar(120)', text)
    .addColumn('edu_address', 'varchar(300)', text)
    .addColumn('branch', 'varchar(40)', text)
    .addColumn('degree', 'varchar(60)', text)
    .addColumn('file_path', 'varchar(300)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('alumni_college_roll', ['college_id', 'roll_number'])
    .execute();

  await collegeTable(db, 'alumni_history')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('roll_number', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('branch', 'varchar(40)', text)
    .addColumn('batch', 'varchar(20)', text)
    .addColumn('student_mobile', 'varchar(10)', text)
    .addColumn('student_email', 'varchar(160)', text)
    .addColumn('course', 'varchar(60)', text)
    .addColumn('father_name', 'varchar(120)', text)
    .addColumn('section', 'varchar(10)', text)
    .addColumn('company', 'varchar(200)', text)
    .addColumn('packages', 'varchar(60)', text)
    .addColumn('designation', 'varchar(120)', text)
    .addColumn('experience', 'varchar(60)', text)
    .addColumn('location', 'varchar(200)', text)
    .addColumn('institute_name', 'varchar(200)', text)
    .addColumn('photo_path', 'varchar(300)')
    .addColumn('certificate_path', 'varchar(300)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('alumni_history_college_roll', ['college_id', 'roll_number'])
    .execute();

  // One-time credentials sheets of login creation: the plain text lives only until downloaded.
  await db.schema
    .createTable('login_credential_batches')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('sheet_json', 'text', text)
    .addColumn('downloaded_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['login_credential_batches', 'alumni_history', 'alumni']) await db.schema.dropTable(t).execute();
}
