import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * The accounts office: fee heads and structures, the student ledger (demand lines, receipts and
 * their allocations, reversals), concessions, vendors, bills and bill payments. Money in paise;
 * dates 'YYYY-MM-DD'; financial years '2026-27'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'acc_fee_heads')
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(100))
    .addUniqueConstraint('acc_fee_heads_code', ['college_id', 'code'])
    .execute();

  await collegeTable(db, 'acc_fee_structures')
    .addColumn('course', 'varchar(60)', (c) => c.notNull())
    .addColumn('batch', 'varchar(20)', (c) => c.notNull())
    .addColumn('year_of_study', 'integer', (c) => c.notNull())
    .addColumn('seat_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_fee_structures_key', ['college_id', 'course', 'batch', 'year_of_study', 'seat_type'])
    .execute();

  await collegeTable(db, 'acc_fee_structure_lines')
    .addColumn('structure_id', 'integer', (c) => c.notNull().references('acc_fee_structures.id').onDelete('cascade'))
    .addColumn('head_id', 'integer', (c) => c.notNull().references('acc_fee_heads.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('acc_fee_structure_lines_head', ['structure_id', 'head_id'])
    .execute();

  // Seat type and parent phone of a student for the fee office (admission data the students table lacks).
  await collegeTable(db, 'acc_student_profiles')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('seat_type', 'varchar(20)', (c) => c.notNull().defaultTo('Convener'))
    .addColumn('admission_no', 'varchar(40)', text)
    .addColumn('parent_phone', 'varchar(20)', text)
    .addUniqueConstraint('acc_student_profiles_student', ['college_id', 'student_id'])
    .execute();

  // What is owed: one line per student, year, head and payer. paid/waived kept in step by the receipts.
  await collegeTable(db, 'acc_demand_lines')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('fy', 'varchar(7)', (c) => c.notNull())
    .addColumn('head_id', 'integer', (c) => c.notNull().references('acc_fee_heads.id'))
    .addColumn('payer', 'varchar(30)', (c) => c.notNull().defaultTo('student'))
    .addColumn('sanction_status', 'varchar(20)', (c) => c.notNull().defaultTo('na'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waived_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(30)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(120)', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_demand_lines_source', ['college_id', 'source', 'source_ref'])
    .execute();
  await db.schema
    .createIndex('acc_demand_lines_student')
    .on('acc_demand_lines')
    .columns(['college_id', 'student_id', 'fy'])
    .execute();
  await db.schema
    .createIndex('acc_demand_lines_payer')
    .on('acc_demand_lines')
    .columns(['college_id', 'payer', 'sanction_status'])
    .execute();

  // Receipts (counter 'C' and online 'O' series) and reversals of cancelled receipts (no number).
  await collegeTable(db, 'acc_receipts')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('series', 'varchar(2)', (c) => c.notNull())
    .addColumn('fy', 'varchar(7)', (c) => c.notNull())
    .addColumn('receipt_no', 'integer')
    .addColumn('reverses_id', 'integer')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('entry_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference', 'varchar(80)', text)
    .addColumn('bank', 'varchar(80)', text)
    .addColumn('instrument_date', 'varchar(10)', text)
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(300)', text)
    .addColumn('cancelled_by', 'varchar(120)', text)
    .addColumn('cancelled_at', 'varchar(40)', text)
    .addColumn('clerk_id', 'integer')
    .addColumn('clerk', 'varchar(120)', text)
    .addColumn('source', 'varchar(30)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(120)')
    .addColumn('doc_code', 'varchar(40)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_receipts_number', ['college_id', 'series', 'fy', 'receipt_no'])
    .addUniqueConstraint('acc_receipts_source', ['college_id', 'source', 'source_ref'])
    .execute();
  await db.schema.createIndex('acc_receipts_date').on('acc_receipts').columns(['college_id', 'entry_date']).execute();
  await db.schema.createIndex('acc_receipts_student').on('acc_receipts').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'acc_allocations')
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('acc_receipts.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('acc_demand_lines.id').onDelete('cascade'))
    .addColumn('head_id', 'integer', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('acc_allocations_receipt').on('acc_allocations').columns(['receipt_id']).execute();

  await collegeTable(db, 'acc_concession_types')
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('payer', 'varchar(30)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', text)
    .addUniqueConstraint('acc_concession_types_code', ['college_id', 'code'])
    .execute();

  await collegeTable(db, 'acc_concessions')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('acc_concession_types.id'))
    .addColumn('fy', 'varchar(7)', (c) => c.notNull())
    .addColumn('head_id', 'integer', (c) => c.notNull().references('acc_fee_heads.id'))
    .addColumn('basis', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', text)
    .addColumn('proposed_by', 'integer')
    .addColumn('proposed_by_name', 'varchar(120)', text)
    .addColumn('decided_by_name', 'varchar(120)', text)
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('line_id', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(40)', text)
    .execute();
  await db.schema.createIndex('acc_concessions_status').on('acc_concessions').columns(['college_id', 'status']).execute();

  await collegeTable(db, 'acc_settings')
    .addColumn('concession_principal_limit_paise', 'integer', (c) => c.notNull())
    .addColumn('bill_principal_limit_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('acc_settings_college', ['college_id'])
    .execute();

  await collegeTable(db, 'acc_vendors')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('gstin', 'varchar(15)', text)
    .addColumn('pan', 'varchar(10)', text)
    .addColumn('bank_account', 'varchar(20)', text)
    .addColumn('ifsc', 'varchar(11)', text)
    .addColumn('phone', 'varchar(20)', text)
    .addColumn('address', 'varchar(300)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'acc_bills')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('acc_vendors.id'))
    .addColumn('bill_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('bill_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', text)
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('gst_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tds_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(120)', text)
    .addColumn('decided_by_name', 'varchar(120)', text)
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_bills_number', ['college_id', 'vendor_id', 'bill_no'])
    .execute();

  await collegeTable(db, 'acc_bill_payments')
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('acc_bills.id'))
    .addColumn('fy', 'varchar(7)', (c) => c.notNull())
    .addColumn('voucher_no', 'integer', (c) => c.notNull())
    .addColumn('entry_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference', 'varchar(80)', text)
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_by', 'varchar(120)', text)
    .addColumn('doc_code', 'varchar(40)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_bill_payments_voucher', ['college_id', 'fy', 'voucher_no'])
    .execute();
  await db.schema.createIndex('acc_bill_payments_date').on('acc_bill_payments').columns(['college_id', 'entry_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'acc_bill_payments',
    'acc_bills',
    'acc_vendors',
    'acc_settings',
    'acc_concessions',
    'acc_concession_types',
    'acc_allocations',
    'acc_receipts',
    'acc_demand_lines',
    'acc_student_profiles',
    'acc_fee_structure_lines',
    'acc_fee_structures',
    'acc_fee_heads',
  ])
    await db.schema.dropTable(t).execute();
}
