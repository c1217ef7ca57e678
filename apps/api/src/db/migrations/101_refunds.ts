import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * acc_refunds: money held as a student's excess credit, given back. Proposed by an accountant
 * (its amount then leaves the credit's open amount, so nothing else can spend it), decided by the
 * accounts officer (a rejection gives it back), and paid as a refund voucher numbered per college
 * and financial year. People are kept by login id, times as ISO instants, '' until they happen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'acc_refunds')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('excess_id', 'integer', (c) => c.notNull().references('acc_excess_credits.id').onDelete('cascade'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', text)
    // proposed | approved | rejected | paid
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_by_name', 'varchar(120)', text)
    .addColumn('proposed_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_by_name', 'varchar(120)', text)
    .addColumn('decided_at', 'varchar(40)', text)
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('paid_by_name', 'varchar(120)', text)
    .addColumn('paid_at', 'varchar(40)', text)
    // the office's date the money went out (the day book's day)
    .addColumn('paid_on', 'varchar(10)', text)
    .addColumn('mode', 'varchar(20)', text)
    .addColumn('reference', 'varchar(60)', text)
    .addColumn('fy', 'varchar(7)', text)
    .addColumn('voucher_no', 'integer')
    // the issued refund voucher's verification code
    .addColumn('doc_code', 'varchar(40)', text)
    .addUniqueConstraint('acc_refunds_voucher', ['college_id', 'fy', 'voucher_no'])
    .execute();
  await db.schema.createIndex('acc_refunds_status').on('acc_refunds').columns(['college_id', 'status']).execute();
  await db.schema.createIndex('acc_refunds_student').on('acc_refunds').columns(['college_id', 'student_id']).execute();
  await db.schema.createIndex('acc_refunds_excess').on('acc_refunds').column('excess_id').execute();
  await db.schema.createIndex('acc_refunds_paid_on').on('acc_refunds').columns(['college_id', 'paid_on']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('acc_refunds').execute();
}
