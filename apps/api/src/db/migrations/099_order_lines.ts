import type { Kysely } from 'kysely';

/**
 * The ledger lines an online order pays (ids, comma-separated; '' for a supplementary exam fee,
 * which becomes its own line when paid, and for orders made before the ledger owned the dues).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_orders')
    .addColumn('line_ids', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();
}
