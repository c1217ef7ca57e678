import type { Kysely } from 'kysely';

/**
 * The weekly analytics summary. weekly_summary_optins: the leadership users who asked for the
 * Monday PDF (opt-in, so no row means no mail). weekly_summary_runs: one row per college and ISO
 * week, claimed by the first process to start that week's run, so several replicas send it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('weekly_summary_optins')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('weekly_summary_optins_pk', ['college_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('weekly_summary_runs')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    // ISO week, e.g. 2026-W49
    .addColumn('week', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('weekly_summary_runs_pk', ['college_id', 'week'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('weekly_summary_runs').execute();
  await db.schema.dropTable('weekly_summary_optins').execute();
}
