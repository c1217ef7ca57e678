import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * Student and parent portals: parent logins linked to students, the student's sharing switches,
 * the parent self-registration codes, certificate requests and profile correction requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'parent_links')
    .addColumn('parent_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    /** father | mother | guardian */
    .addColumn('relation', 'varchar(20)', (c) => c.notNull())
    /** office | self */
    .addColumn('via', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('parent_links_pair', ['college_id', 'parent_user_id', 'student_id'])
    .execute();
  await db.schema.createIndex('parent_links_student').on('parent_links').columns(['college_id', 'student_id']).execute();

  // A student without a row shares everything.
  await collegeTable(db, 'portal_privacy')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('hide_marks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_attendance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('portal_privacy_student', ['college_id', 'student_id'])
    .execute();

  await collegeTable(db, 'portal_settings')
    /** 1: students may not hide marks or attendance from their parents */
    .addColumn('lock_privacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('portal_settings_college', ['college_id'])
    .execute();

  // One row per code sent; only the code's hash is kept.
  await collegeTable(db, 'parent_codes')
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('contact', 'varchar(160)', (c) => c.notNull())
    .addColumn('relation', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('parent_codes_student').on('parent_codes').columns(['college_id', 'student_id', 'created_at']).execute();

  await collegeTable(db, 'certificate_requests')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    /** bonafide | no_dues */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
    /** pending | approved | rejected */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(300)', text)
    .addColumn('document_code', 'varchar(40)')
    /** the facts printed on the certificate, as JSON, fixed at approval */
    .addColumn('fields_json', 'text', text)
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certificate_requests_status')
    .on('certificate_requests')
    .columns(['college_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('certificate_requests_student').on('certificate_requests').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'profile_corrections')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(20)', (c) => c.notNull())
    .addColumn('current_value', 'varchar(160)', text)
    .addColumn('requested_value', 'varchar(160)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(300)', text)
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('profile_corrections_status')
    .on('profile_corrections')
    .columns(['college_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['profile_corrections', 'certificate_requests', 'parent_codes', 'portal_settings', 'portal_privacy', 'parent_links'])
    await db.schema.dropTable(t).ifExists().execute();
}
