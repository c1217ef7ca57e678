import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * The academic core: regulations, sections, subjects, allocations, timetable, attendance and leave.
 * Existing masters (departments, courses, branches, batches, semesters, faculty) gain a retired
 * flag instead of being copied; referenced rows are retired, never deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const t of ['departments', 'courses', 'branches', 'batches', 'semesters', 'faculty']) {
    await db.schema
      .alterTable(t)
      .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('faculty').addColumn('qualification', 'varchar(120)', text).execute();
  await db.schema
    .alterTable('faculty')
    .addColumn('phd', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('faculty').addColumn('date_of_joining', 'varchar(10)', text).execute();

  // A versioned curriculum with its attendance policy: a batch keeps its regulation's rules.
  await collegeTable(db, 'regulations')
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', text)
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('from_year', 'integer', (c) => c.notNull())
    .addColumn('grading', 'varchar(200)', text)
    .addColumn('short_below', 'integer', (c) => c.notNull().defaultTo(75))
    .addColumn('detain_below', 'integer', (c) => c.notNull().defaultTo(65))
    .addColumn('edit_window_hours', 'integer', (c) => c.notNull().defaultTo(48))
    .addColumn('late_counts_present', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('od_counts_present', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('medical_condonable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('regulations_college_code', ['college_id', 'code'])
    .execute();
  await db.schema
    .alterTable('batches')
    .addColumn('regulation_id', 'integer', (c) => c.references('regulations.id').onDelete('set null'))
    .execute();

  await collegeTable(db, 'sections')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('semester_id', 'integer', (c) => c.references('semesters.id'))
    .addColumn('name', 'varchar(10)', (c) => c.notNull())
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('sections_batch_branch_name', ['college_id', 'batch_id', 'branch_id', 'name'])
    .execute();

  // One section per student at a time.
  await collegeTable(db, 'section_students')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addUniqueConstraint('section_students_student', ['college_id', 'student_id'])
    .execute();
  await db.schema.createIndex('section_students_section').on('section_students').columns(['section_id', 'student_id']).execute();

  await collegeTable(db, 'subjects')
    .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id'))
    .addColumn('semester_id', 'integer', (c) => c.references('semesters.id'))
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('credits', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('lecture', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tutorial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('practical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull().defaultTo('theory'))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('subjects_regulation_code', ['college_id', 'regulation_id', 'code'])
    .execute();

  await collegeTable(db, 'subject_allocations')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('subject_allocations_unique', ['college_id', 'subject_id', 'section_id', 'academic_year', 'faculty_id'])
    .execute();
  await db.schema
    .createIndex('subject_allocations_faculty')
    .on('subject_allocations')
    .columns(['college_id', 'faculty_id'])
    .execute();
  await db.schema
    .createIndex('subject_allocations_section')
    .on('subject_allocations')
    .columns(['section_id', 'academic_year'])
    .execute();

  // The weekly timetable: one row per (section, day, period); a lab block is consecutive rows.
  // The unique indexes decide clashes: a section or a faculty member is in one place a period.
  await collegeTable(db, 'timetable_slots')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    .addUniqueConstraint('timetable_section_slot', ['section_id', 'day', 'period'])
    .addUniqueConstraint('timetable_faculty_slot', ['college_id', 'faculty_id', 'day', 'period'])
    .execute();

  // Attendance: a session per (section, date, period); marks are stored only for students who
  // were not plainly present (absent, late, on duty, medical), so present is the default.
  await collegeTable(db, 'attendance_sessions')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('faculty_id', 'integer', (c) => c.references('faculty.id'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('strength', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('absent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marked_by', 'integer')
    .addColumn('unlocked_until', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('attendance_sessions_slot', ['section_id', 'date', 'period'])
    .addUniqueConstraint('attendance_sessions_client', ['college_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('attendance_sessions_section_subject')
    .on('attendance_sessions')
    .columns(['section_id', 'subject_id'])
    .execute();

  await collegeTable(db, 'attendance_marks')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('attendance_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('status', 'varchar(2)', (c) => c.notNull())
    .addUniqueConstraint('attendance_marks_session_student', ['session_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('attendance_marks_student')
    .on('attendance_marks')
    .columns(['student_id', 'session_id', 'status'])
    .execute();

  // Running totals per (student, section, subject), kept in the same transaction as the marks, so a
  // shortage report for the whole college reads 6,000 x 8 rows instead of every absentee.
  await collegeTable(db, 'attendance_totals')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('medical', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('attendance_totals_key', ['student_id', 'section_id', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('attendance_totals_section')
    .on('attendance_totals')
    .columns(['college_id', 'section_id'])
    .execute();

  await collegeTable(db, 'attendance_edits')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('attendance_sessions.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    // every submission of a sheet (first or edit) is one row: the client id makes a replay harmless
    .addColumn('client_id', 'varchar(64)')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(120)', text)
    .addColumn('before_json', 'text', text)
    .addColumn('after_json', 'text', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_edits_session').on('attendance_edits').columns(['session_id']).execute();
  await db.schema
    .createIndex('attendance_edits_client')
    .on('attendance_edits')
    .columns(['college_id', 'client_id'])
    .unique()
    .execute();

  await collegeTable(db, 'leave_types')
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('yearly_quota', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('carry_forward', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_carry', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('half_day_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('leave_types_college_code', ['college_id', 'code'])
    .execute();

  await collegeTable(db, 'leave_balances')
    .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('opening', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'real', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('leave_balances_unique', ['faculty_id', 'leave_type_id', 'academic_year'])
    .execute();

  await collegeTable(db, 'leave_applications')
    .addColumn('faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('half_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days', 'real', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', text)
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('approver', 'varchar(20)', (c) => c.notNull().defaultTo('hod'))
    .addColumn('decided_by', 'integer')
    .addColumn('decision_note', 'varchar(500)', text)
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('leave_applications_faculty')
    .on('leave_applications')
    .columns(['college_id', 'faculty_id', 'from_date'])
    .execute();

  // One request per class the leave would miss, addressed to the backup faculty.
  await collegeTable(db, 'leave_backups')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('leave_applications.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('backup_faculty_id', 'integer', (c) => c.notNull().references('faculty.id'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('leave_backups_application').on('leave_backups').columns(['application_id']).execute();
  await db.schema
    .createIndex('leave_backups_backup')
    .on('leave_backups')
    .columns(['college_id', 'backup_faculty_id', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'leave_backups',
    'leave_applications',
    'leave_balances',
    'leave_types',
    'attendance_edits',
    'attendance_marks',
    'attendance_sessions',
    'timetable_slots',
    'subject_allocations',
    'subjects',
    'section_students',
    'sections',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('batches').dropColumn('regulation_id').execute();
  await db.schema.dropTable('regulations').execute();
  for (const c of ['qualification', 'phd', 'date_of_joining']) await db.schema.alterTable('faculty').dropColumn(c).execute();
  for (const t of ['departments', 'courses', 'branches', 'batches', 'semesters', 'faculty']) {
    await db.schema.alterTable(t).dropColumn('retired').execute();
  }
}
