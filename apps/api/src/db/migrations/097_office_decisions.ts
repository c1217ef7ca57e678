import type { Kysely } from 'kysely';

/**
 * library_fines.payment_mode and payment_reference: how the desk was paid (cash, UPI, card...),
 * printed on the receipt.
 *
 * placement_offers.role and created_by: the role offered and who recorded the offer.
 *
 * grievances.idempotency_key: the key the lodging form sends once per opening, so a retried
 * submission answers the grievance it already made instead of lodging another. Unique per
 * college and complainant; null for grievances lodged without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievances').addColumn('idempotency_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('grievances_idempotency_key')
    .unique()
    .on('grievances')
    .columns(['college_id', 'lodged_by', 'idempotency_key'])
    .execute();
  await db.schema
    .alterTable('placement_offers')
    .addColumn('role', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('placement_offers').addColumn('created_by', 'integer').execute();
  await db.schema
    .alterTable('library_fines')
    .addColumn('payment_mode', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_fines')
    .addColumn('payment_reference', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('library_fines').dropColumn('payment_reference').execute();
  await db.schema.alterTable('library_fines').dropColumn('payment_mode').execute();
  await db.schema.alterTable('placement_offers').dropColumn('created_by').execute();
  await db.schema.alterTable('placement_offers').dropColumn('role').execute();
  await db.schema.dropIndex('grievances_idempotency_key').execute();
  await db.schema.alterTable('grievances').dropColumn('idempotency_key').execute();
}
