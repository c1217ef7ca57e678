import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * Online applications: a visitor's application for admission with its photo and documents,
 * waiting for the admissions office to accept it (into an admission) or reject it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'online_applications')
    /** APP-2026-00001, from the college's online_application counter */
    .addColumn('application_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('aadhar_no', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('date_of_birth', 'varchar(10)', (c) => c.notNull())
    .addColumn('course', 'varchar(60)', text)
    .addColumn('batch', 'varchar(20)', text)
    .addColumn('branch', 'varchar(20)', text)
    .addColumn('mobile', 'varchar(20)', text)
    .addColumn('email', 'varchar(160)', text)
    /** the admission payload the application stands for, as JSON text */
    .addColumn('data_json', 'text', (c) => c.notNull())
    /** pending | accepted | rejected */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', text)
    .addColumn('admission_id', 'integer', (c) => c.references('admissions.id').onDelete('set null'))
    .addColumn('admission_no', 'varchar(40)')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('online_applications_number', ['college_id', 'application_no'])
    .execute();
  await db.schema
    .createIndex('online_applications_status')
    .on('online_applications')
    .columns(['college_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('online_applications_aadhar').on('online_applications').columns(['college_id', 'aadhar_no']).execute();

  await collegeTable(db, 'online_application_files')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('online_applications.id').onDelete('cascade'))
    /** photo | document */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    /** pdf | jpg | png, told by the bytes */
    .addColumn('file_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('online_application_files_app')
    .on('online_application_files')
    .columns(['college_id', 'application_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('online_application_files').execute();
  await db.schema.dropTable('online_applications').execute();
}
