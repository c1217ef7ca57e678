import type { Kysely } from 'kysely';

/**
 * OBE: an academic year's rules and papers can be locked once its figures are final (reported to
 * NBA). A locked year refuses new, edited or deleted assessments, marks and a change of its rules.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('obe_settings').addColumn('locked_at', 'varchar(40)').execute();
  await db.schema.alterTable('obe_settings').addColumn('locked_by', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('obe_settings').dropColumn('locked_by').execute();
  await db.schema.alterTable('obe_settings').dropColumn('locked_at').execute();
}
