import type { Kysely } from 'kysely';

/**
 * A student's attendance is read from the running totals (student, section, subject), never from
 * the marks by student: no query used this index. Each sheet still paid for it, an entry for every
 * absentee on a page of its own (students are scattered over it): a third of the pages a batch of
 * sheets wrote to the log. Students are retired, not deleted, so the cascade never needs it either.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attendance_marks_student').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attendance_marks_student')
    .on('attendance_marks')
    .columns(['student_id', 'session_id', 'status'])
    .execute();
}
