import type { Kysely } from 'kysely';

/**
 * Library patrons' overrides carry specific allowances (items, loan days, renewals, holds), a
 * reason and an end date; library fines keep what was paid and waived on them, so a fine partly
 * paid at the accounts counter shows what is still outstanding. Existing fines are brought in
 * line with their status (a paid fine was paid in full, a waived one waived in full).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ['max_loans', 'integer'],
    ['loan_days', 'integer'],
    ['renewals', 'integer'],
    ['hold_limit', 'integer'],
    ['ends_on', 'varchar(10)'],
  ] as const) {
    await db.schema.alterTable('library_patrons').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('library_patrons')
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_patrons')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_fines')
    .addColumn('paid_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('library_fines')
    .addColumn('waived_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('library_fines')
    .set((eb) => ({ paid_amount: eb.ref('amount') }))
    .where('status', '=', 'paid')
    .execute();
  await db
    .updateTable('library_fines')
    .set((eb) => ({ waived_amount: eb.ref('amount') }))
    .where('status', '=', 'waived')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['paid_amount', 'waived_amount']) await db.schema.alterTable('library_fines').dropColumn(column).execute();
  for (const column of ['max_loans', 'loan_days', 'renewals', 'hold_limit', 'ends_on', 'reason', 'updated_at'])
    await db.schema.alterTable('library_patrons').dropColumn(column).execute();
}
