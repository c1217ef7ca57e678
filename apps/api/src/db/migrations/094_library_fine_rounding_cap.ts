import type { Kysely } from 'kysely';

/**
 * Two rules of the circulation matrix (patron category × item type), as Koha keeps them:
 * - fine_rounding: 'whole' charges whole charge periods only (Koha's default,
 *   chargeperiod_charge_at = 0: floor(days / period) × fine); 'part' charges a part period as a
 *   whole one (chargeperiod_charge_at = 1: ceil).
 * - fine_cap_kind: 'none' (Koha's default), 'amount' (fine_cap, Koha's overduefinescap) or
 *   'price' (the copy's price, Koha's cap_fine_to_replacement_price).
 * Rules saved before named a cap amount or none; they keep it. Their part periods rounded up and
 * every fine stopped at the copy's price: both now follow the rule (Koha's defaults).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('library_rules')
    .addColumn('fine_rounding', 'varchar(8)', (c) => c.notNull().defaultTo('whole'))
    .execute();
  await db.schema
    .alterTable('library_rules')
    .addColumn('fine_cap_kind', 'varchar(8)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.updateTable('library_rules').set({ fine_cap_kind: 'amount' }).where('fine_cap', '>', 0).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['fine_rounding', 'fine_cap_kind'])
    await db.schema.alterTable('library_rules').dropColumn(column).execute();
}
