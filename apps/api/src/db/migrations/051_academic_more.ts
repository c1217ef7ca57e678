import type { Kysely } from 'kysely';

/**
 * Attendance reads: classes held per subject of a section are counted from the index alone
 * (section, subject, college) instead of visiting each session row for its college. Student records
 * gain a status the office keeps (active, detained, discontinued, transferred, completed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema
    .createIndex('attendance_sessions_section_subject_college')
    .on('attendance_sessions')
    .columns(['section_id', 'subject_id', 'college_id'])
    .execute();
  await db.schema.dropIndex('attendance_sessions_section_subject').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('status').execute();
  await db.schema
    .createIndex('attendance_sessions_section_subject')
    .on('attendance_sessions')
    .columns(['section_id', 'subject_id'])
    .execute();
  await db.schema.dropIndex('attendance_sessions_section_subject_college').execute();
}
