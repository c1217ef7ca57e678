import type { Kysely } from 'kysely';

/**
 * The college's policy for a student who leaves the hostel or gives up a bus pass early: the
 * year's charge is kept by the month or by the semester begun ('month' | 'semester'); and the
 * hostel's caution deposit, charged at allotment and given back at checkout less damages (0: none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('acc_settings')
    .addColumn('leaving_basis', 'varchar(10)', (c) => c.notNull().defaultTo('month'))
    .execute();
  await db.schema
    .alterTable('acc_settings')
    .addColumn('hostel_caution_deposit_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('acc_settings').dropColumn('leaving_basis').execute();
  await db.schema.alterTable('acc_settings').dropColumn('hostel_caution_deposit_paise').execute();
}
