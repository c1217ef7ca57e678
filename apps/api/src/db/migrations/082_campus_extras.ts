import type { Kysely } from 'kysely';
import { text } from './helpers.js';

/**
 * Higher studies gain what NAAC 5.2.2 asks for (admission year, optional evidence) and a
 * declared → verified workflow: a student declares, the placement dean verifies; only verified
 * records are counted. Grievances may name the student they concern (a parent lodging about a child).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const hs = () => db.schema.alterTable('placement_higher_studies');
  await hs().addColumn('admission_year', 'integer').execute();
  await hs().addColumn('evidence_path', 'varchar(400)').execute();
  await hs().addColumn('evidence_name', 'varchar(200)', text).execute();
  /** declared (by the student, not yet counted) | verified (entered or checked by the dean) */
  await hs()
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('verified'))
    .execute();
  await hs().addColumn('declared_by', 'integer').execute();
  await hs().addColumn('verified_by', 'integer').execute();
  await hs().addColumn('verified_at', 'varchar(40)').execute();
  await hs().addColumn('updated_at', 'varchar(40)', text).execute();

  await db.schema
    .alterTable('grievances')
    .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievances').dropColumn('student_id').execute();
  for (const c of [
    'updated_at',
    'verified_at',
    'verified_by',
    'declared_by',
    'status',
    'evidence_name',
    'evidence_path',
    'admission_year',
  ]) {
    await db.schema.alterTable('placement_higher_studies').dropColumn(c).execute();
  }
}
