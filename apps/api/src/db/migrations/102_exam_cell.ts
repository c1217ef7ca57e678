import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * The exam cell before the exam: an exam and its papers, students' registrations (their fee is a
 * ledger charge), the principal's condonations, notices of shortage, hall tickets, rooms and
 * seats, the invigilation roster and answer scripts with dummy numbers. Dates ISO; sessions FN/AN.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'exams')
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    // regular | supplementary
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id'))
    // draft | registration | hall_tickets | in_progress | marks_entry | published
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('registration_closes', 'varchar(10)', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('fee_per_paper_paise', 'integer', (c) => c.notNull())
    // the most a registration's papers cost (0: no cap), as universities cap a regular semester
    .addColumn('fee_cap_paise', 'integer', (c) => c.notNull().defaultTo(0))
    // other dues above this keep a hall ticket back
    .addColumn('dues_limit_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('condonation_fee_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_name', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exams_college').on('exams').columns(['college_id', 'starts_on']).execute();

  await collegeTable(db, 'exam_semesters')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('semester_id', 'integer', (c) => c.notNull().references('semesters.id'))
    .addUniqueConstraint('exam_semesters_one', ['exam_id', 'semester_id'])
    .execute();

  // late fee slabs: registering on or after from_date adds fee_paise (the latest slab begun applies)
  await collegeTable(db, 'exam_late_fees')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('exam_late_fees_one', ['exam_id', 'from_date'])
    .execute();

  // a subject examined; its date and session come from the timetable
  await collegeTable(db, 'exam_papers')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('date', 'varchar(10)')
    // FN | AN
    .addColumn('session', 'varchar(2)')
    .addUniqueConstraint('exam_papers_one', ['exam_id', 'subject_id'])
    .execute();

  await collegeTable(db, 'exam_registrations')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    // registered | verified | cancelled
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addColumn('late_fee_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('registered_by_name', 'varchar(120)', text)
    .addColumn('verified_by_name', 'varchar(120)', text)
    .addColumn('verified_at', 'varchar(40)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_registrations_one', ['exam_id', 'student_id'])
    .execute();
  await db.schema.createIndex('exam_registrations_student').on('exam_registrations').columns(['college_id', 'student_id']).execute();

  // the papers a registration writes: its semester's (regular) and backlogs chosen (supplementary)
  await collegeTable(db, 'exam_registration_papers')
    .addColumn('registration_id', 'integer', (c) => c.notNull().references('exam_registrations.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    // regular | backlog
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addUniqueConstraint('exam_registration_papers_one', ['exam_id', 'student_id', 'paper_id'])
    .execute();
  await db.schema.createIndex('exam_registration_papers_paper').on('exam_registration_papers').columns(['exam_id', 'paper_id']).execute();

  await collegeTable(db, 'exam_condonations')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    // the attendance when condoned, percent × 100
    .addColumn('percent_x100', 'integer', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addColumn('condoned_by_name', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('exam_condonations_one', ['exam_id', 'student_id'])
    .execute();

  // every notice of shortage, kept with its date: the record that settles a dispute
  await collegeTable(db, 'exam_shortage_notices')
    .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('set null'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    // student | parent
    .addColumn('sent_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', text)
    .addColumn('percent_x100', 'integer', (c) => c.notNull())
    .addColumn('standing', 'varchar(12)', (c) => c.notNull())
    .addColumn('sent_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_by_name', 'varchar(120)', text)
    .execute();
  await db.schema.createIndex('exam_shortage_notices_student').on('exam_shortage_notices').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'exam_hall_tickets')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    // the issued document's verification code
    .addColumn('doc_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('issued_by_name', 'varchar(120)', text)
    .addUniqueConstraint('exam_hall_tickets_one', ['exam_id', 'student_id'])
    .execute();

  // one PDF of many hall tickets (a branch), made by the job queue with its progress kept here
  await collegeTable(db, 'exam_ticket_batches')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('branch', 'varchar(40)', text)
    // queued | running | ready | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_path', 'varchar(300)', text)
    .addColumn('error', 'varchar(300)', text)
    .addColumn('requested_by_name', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(40)', text)
    .execute();

  await collegeTable(db, 'exam_rooms')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('block', 'varchar(60)', text)
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('cols', 'integer', (c) => c.notNull())
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('exam_rooms_name', ['college_id', 'name'])
    .execute();

  // one student's seat in one session
  await collegeTable(db, 'exam_seats')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('session', 'varchar(2)', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull().references('exam_rooms.id'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('col_no', 'integer', (c) => c.notNull())
    .addColumn('seat_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addUniqueConstraint('exam_seats_student', ['exam_id', 'date', 'session', 'student_id'])
    .addUniqueConstraint('exam_seats_place', ['exam_id', 'date', 'session', 'room_id', 'row_no', 'col_no'])
    .execute();

  await collegeTable(db, 'exam_invigilation')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('session', 'varchar(2)', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull().references('exam_rooms.id'))
    .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    // assigned | swap_requested
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('swap_to_faculty_id', 'integer')
    .addColumn('swap_reason', 'varchar(300)', text)
    .addUniqueConstraint('exam_invigilation_faculty', ['exam_id', 'date', 'session', 'faculty_id'])
    .execute();

  // an answer script: the dummy number evaluators see instead of the roll number
  await collegeTable(db, 'exam_scripts')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('exam_papers.id').onDelete('cascade'))
    .addColumn('dummy_no', 'varchar(20)', (c) => c.notNull())
    // written | absent | malpractice
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('remark', 'varchar(300)', text)
    .addColumn('marked_by_name', 'varchar(120)', text)
    .addUniqueConstraint('exam_scripts_one', ['exam_id', 'student_id', 'paper_id'])
    .addUniqueConstraint('exam_scripts_dummy', ['college_id', 'dummy_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'exam_scripts',
    'exam_invigilation',
    'exam_seats',
    'exam_rooms',
    'exam_ticket_batches',
    'exam_hall_tickets',
    'exam_shortage_notices',
    'exam_condonations',
    'exam_registration_papers',
    'exam_registrations',
    'exam_papers',
    'exam_late_fees',
    'exam_semesters',
    'exams',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
