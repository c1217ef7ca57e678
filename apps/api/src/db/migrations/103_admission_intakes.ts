import type { Kysely } from 'kysely';

/**
 * admission_intakes: the sanctioned (approved) intake of a branch of a course in an academic year,
 * as the admissions office enters it; leadership's admissions figures set seats admitted against it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admission_intakes')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    // the academic year it begins in (2026 = 2026-27)
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('course', 'varchar(80)', (c) => c.notNull())
    .addColumn('branch', 'varchar(80)', (c) => c.notNull())
    .addColumn('intake', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('admission_intakes_pk', ['college_id', 'year', 'course', 'branch'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_intakes').execute();
}
