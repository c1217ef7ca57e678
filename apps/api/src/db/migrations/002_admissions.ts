import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'admissions')
    .addColumn('admission_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('aadhar_no', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('course', 'varchar(60)', text)
    .addColumn('batch', 'varchar(20)', text)
    .addColumn('branch', 'varchar(20)', text)
    .addColumn('gender', 'varchar(10)', text)
    .addColumn('date_of_admission', 'varchar(10)', text)
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('photo_path', 'varchar(300)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('admissions_college_no', ['college_id', 'admission_no'])
    .addUniqueConstraint('admissions_college_aadhar', ['college_id', 'aadhar_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admissions').execute();
}
