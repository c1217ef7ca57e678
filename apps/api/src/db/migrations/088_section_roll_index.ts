import type { Kysely } from 'kysely';

/**
 * A section's roll is read on every attendance sheet by college and section: with college_id in
 * the index, the roll comes from the index alone, without a lookup of each student's row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('section_students_section_roll')
    .on('section_students')
    .columns(['section_id', 'college_id', 'student_id'])
    .execute();
  await db.schema.dropIndex('section_students_section').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('section_students_section').on('section_students').columns(['section_id', 'student_id']).execute();
  await db.schema.dropIndex('section_students_section_roll').execute();
}
