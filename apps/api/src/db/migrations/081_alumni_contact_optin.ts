import type { Kysely } from 'kysely';

/** The alumnus's own choice to show their phone and email to other alumni in the directory (0: hidden). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alumni_history')
    .addColumn('share_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alumni_history').dropColumn('share_contact').execute();
}
