import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Two columns PostgreSQL held too tight for the exam cell's results (SQLite never checked): a
 * processed result's credits are the subject's, and a lab carries 1.5; and a published result's
 * status may be 'Malpractice', eleven letters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('exam_outcomes')
    .alterColumn('credits', (c) => c.setDataType('double precision'))
    .execute();
  await db.schema
    .alterTable('exam_results')
    .alterColumn('status', (c) => c.setDataType('varchar(12)'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('exam_results')
    .alterColumn('status', (c) => c.setDataType('varchar(10)'))
    .execute();
  await db.schema
    .alterTable('exam_outcomes')
    .alterColumn('credits', (c) => c.setDataType('integer'))
    .execute();
}
