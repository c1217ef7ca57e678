import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * Fee types (what a fee costs), payment orders (one per attempt to pay, created before the
 * gateway) and fee payments (one per gateway transaction, paid or failed). Money in minor units.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'fee_types')
    .addColumn('fee_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('INR'))
    .addUniqueConstraint('fee_types_college_type', ['college_id', 'fee_type'])
    .execute();

  await collegeTable(db, 'payment_orders')
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('roll_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('fee_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('semester', 'varchar(20)', text)
    .addColumn('exam_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('course_code', 'varchar(30)')
    .addColumn('course', 'varchar(200)', text)
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('created'))
    .addColumn('transaction_id', 'varchar(80)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_orders_roll').on('payment_orders').columns(['college_id', 'roll_no']).execute();

  await collegeTable(db, 'fee_payments')
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('roll_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('fee_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('semester', 'varchar(20)', text)
    .addColumn('exam_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('course_code', 'varchar(30)')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('trans_date', 'varchar(40)', text)
    .addColumn('receipt_no', 'integer')
    .addColumn('source', 'varchar(20)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('fee_payments_transaction', ['college_id', 'transaction_id'])
    .addUniqueConstraint('fee_payments_receipt', ['college_id', 'receipt_no'])
    .execute();
  await db.schema.createIndex('fee_payments_roll').on('fee_payments').columns(['college_id', 'roll_no']).execute();
  await db.schema.createIndex('fee_payments_date').on('fee_payments').columns(['college_id', 'trans_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['fee_payments', 'payment_orders', 'fee_types']) await db.schema.dropTable(t).execute();
}
