import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * Hostel: buildings, rooms, beds, applications, allotments (with the history of every bed a
 * student held), the hostel's own dues and payments, transfer requests and the out-pass register.
 *
 * Who gets a bed is decided by two unique indexes: `active_bed_id` is the bed's id while the
 * allotment is active and NULL after vacate, `active_student_id` likewise for the student, so two
 * clerks can never put two students on one bed or one student on two beds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'hostel_buildings')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // BOYS | GIRLS | STAFF
    .addColumn('warden_name', 'varchar(120)', text)
    .addColumn('warden_phone', 'varchar(15)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('hostel_buildings_name', ['college_id', 'name'])
    .execute();

  await collegeTable(db, 'hostel_rooms')
    .addColumn('building_id', 'integer', (c) => c.notNull().references('hostel_buildings.id').onDelete('cascade'))
    .addColumn('floor', 'integer', (c) => c.notNull())
    .addColumn('room_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('sharing', 'integer', (c) => c.notNull())
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('yearly_fee', 'integer', (c) => c.notNull()) // paise
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('hostel_rooms_no', ['building_id', 'room_no'])
    .execute();

  await collegeTable(db, 'hostel_beds')
    .addColumn('building_id', 'integer', (c) => c.notNull().references('hostel_buildings.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('hostel_rooms.id').onDelete('cascade'))
    .addColumn('label', 'varchar(4)', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_note', 'varchar(200)', text)
    .addUniqueConstraint('hostel_beds_label', ['room_id', 'label'])
    .execute();
  // The occupancy board reads a college's (or one building's) beds.
  await db.schema.createIndex('hostel_beds_building').on('hostel_beds').columns(['college_id', 'building_id']).execute();

  await collegeTable(db, 'hostel_applications')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('preferred_building_id', 'integer', (c) => c.references('hostel_buildings.id').onDelete('set null'))
    .addColumn('preferred_sharing', 'integer')
    .addColumn('prefers_ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guardian_name', 'varchar(120)', text)
    .addColumn('guardian_mobile', 'varchar(15)', text)
    .addColumn('notes', 'varchar(500)', text)
    .addColumn('status', 'varchar(12)', (c) => c.notNull()) // PENDING | ALLOTTED | REJECTED
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(40)')
    .addUniqueConstraint('hostel_applications_year', ['college_id', 'student_id', 'academic_year'])
    .execute();
  await db.schema.createIndex('hostel_applications_status').on('hostel_applications').columns(['college_id', 'status']).execute();

  await collegeTable(db, 'hostel_allotments')
    .addColumn('allotment_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.references('hostel_applications.id').onDelete('set null'))
    .addColumn('building_id', 'integer', (c) => c.notNull().references('hostel_buildings.id'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('hostel_rooms.id'))
    .addColumn('bed_id', 'integer', (c) => c.notNull().references('hostel_beds.id'))
    .addColumn('active_bed_id', 'integer')
    .addColumn('active_student_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull()) // ACTIVE | VACATED
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('vacated_on', 'varchar(10)')
    .addColumn('vacate_note', 'varchar(300)', text)
    .addColumn('override_reason', 'varchar(300)', text)
    .addColumn('guardian_name', 'varchar(120)', text)
    .addColumn('guardian_mobile', 'varchar(15)', text)
    .addColumn('letter_code', 'varchar(40)') // the issued allotment letter's verification code
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hostel_allotments_active_bed').on('hostel_allotments').column('active_bed_id').unique().execute();
  await db.schema
    .createIndex('hostel_allotments_active_student')
    .on('hostel_allotments')
    .column('active_student_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('hostel_allotments_no')
    .on('hostel_allotments')
    .columns(['college_id', 'allotment_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('hostel_allotments_list')
    .on('hostel_allotments')
    .columns(['college_id', 'status', 'building_id'])
    .execute();
  await db.schema
    .createIndex('hostel_allotments_student')
    .on('hostel_allotments')
    .columns(['college_id', 'student_id'])
    .execute();

  await collegeTable(db, 'hostel_bed_history')
    .addColumn('allotment_id', 'integer', (c) => c.notNull().references('hostel_allotments.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('bed_id', 'integer', (c) => c.notNull().references('hostel_beds.id'))
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_date', 'varchar(10)')
    .addColumn('reason', 'varchar(300)', text)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hostel_bed_history_allotment').on('hostel_bed_history').columns(['allotment_id']).execute();

  await collegeTable(db, 'hostel_transfer_requests')
    .addColumn('allotment_id', 'integer', (c) => c.notNull().references('hostel_allotments.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('preferred_building_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull()) // PENDING | APPROVED | REJECTED
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('hostel_transfer_requests_status')
    .on('hostel_transfer_requests')
    .columns(['college_id', 'status'])
    .execute();

  // The hostel's own ledger until the accounts module posts dues: charges and what settles them.
  await collegeTable(db, 'hostel_charges')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('allotment_id', 'integer', (c) => c.references('hostel_allotments.id').onDelete('set null'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // FEE | DAMAGE
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hostel_charges_student').on('hostel_charges').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'hostel_receipts')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('allotment_id', 'integer', (c) => c.references('hostel_allotments.id').onDelete('set null'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // PAYMENT | WAIVER
    .addColumn('mode', 'varchar(20)', text)
    .addColumn('reference', 'varchar(60)', text)
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hostel_receipts_student').on('hostel_receipts').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'hostel_outpasses')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('allotment_id', 'integer', (c) => c.references('hostel_allotments.id').onDelete('set null'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // OUTING | HOME
    .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
    .addColumn('destination', 'varchar(120)', text)
    .addColumn('leave_at', 'varchar(20)', (c) => c.notNull()) // 'YYYY-MM-DDTHH:mm' local time
    .addColumn('return_by', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull()) // PENDING | APPROVED | REJECTED | OUT | RETURNED
    .addColumn('decided_by', 'integer')
    .addColumn('decision_note', 'varchar(300)', text)
    .addColumn('out_at', 'varchar(20)')
    .addColumn('in_at', 'varchar(20)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hostel_outpasses_list').on('hostel_outpasses').columns(['college_id', 'status']).execute();
  await db.schema.createIndex('hostel_outpasses_student').on('hostel_outpasses').columns(['college_id', 'student_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'hostel_outpasses',
    'hostel_receipts',
    'hostel_charges',
    'hostel_transfer_requests',
    'hostel_bed_history',
    'hostel_allotments',
    'hostel_applications',
    'hostel_beds',
    'hostel_rooms',
    'hostel_buildings',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
