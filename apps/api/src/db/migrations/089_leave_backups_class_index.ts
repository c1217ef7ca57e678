import type { Kysely } from 'kysely';

/**
 * Every attendance sheet saved asks whether a backup takes its class (section, date, period):
 * found by this index, rather than by a pass over the college's leave applications.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('leave_backups_class')
    .on('leave_backups')
    .columns(['college_id', 'section_id', 'date', 'period'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leave_backups_class').execute();
}
