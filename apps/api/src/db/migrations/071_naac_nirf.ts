import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * NAAC and NIRF: the figures the portal does not hold (sanctioned intake and posts, reserved
 * seats, a revised weight), entered by IQAC staff per framework and academic year.
 * One row per (college, framework, year, key); the year is the academic year's first calendar year.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'quality_year_inputs')
    /** naac | nirf */
    .addColumn('framework', 'varchar(10)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('input_key', 'varchar(60)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', text)
    .addColumn('updated_by', 'varchar(120)', text)
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('quality_year_inputs_key', ['college_id', 'framework', 'year', 'input_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quality_year_inputs').execute();
}
