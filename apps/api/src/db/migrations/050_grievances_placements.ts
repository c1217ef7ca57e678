import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/** Grievances (UGC Redressal of Grievances of Students Regulations 2023) and the placement cell. */
export async function up(db: Kysely<any>): Promise<void> {
  // Per-college settings; a college without a row uses the regulations' defaults.
  await collegeTable(db, 'grievance_settings')
    .addColumn('decision_working_days', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('appeal_days', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('ombudsperson_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('grievance_settings_college', ['college_id'])
    .execute();

  await collegeTable(db, 'grievance_committees')
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    /** JSON array of the categories routed to this committee */
    .addColumn('categories_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'grievance_committee_members')
    .addColumn('committee_id', 'integer', (c) => c.notNull().references('grievance_committees.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    /** chair | member | student_invitee */
    .addColumn('position', 'varchar(20)', (c) => c.notNull())
    .addColumn('designation', 'varchar(60)', text)
    .addColumn('gender', 'varchar(10)', text)
    /** GEN | OBC | SC | ST */
    .addColumn('social_category', 'varchar(10)', text)
    .execute();
  await db.schema
    .createIndex('grievance_committee_members_committee')
    .on('grievance_committee_members')
    .columns(['committee_id'])
    .execute();
  await db.schema
    .createIndex('grievance_committee_members_user')
    .on('grievance_committee_members')
    .columns(['college_id', 'user_id'])
    .execute();

  await collegeTable(db, 'grievances')
    .addColumn('number', 'varchar(30)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('subject', 'varchar(160)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lodged_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('complainant_role', 'varchar(40)', text)
    .addColumn('committee_id', 'integer', (c) => c.references('grievance_committees.id').onDelete('set null'))
    /** submitted | acknowledged | in_progress | resolved | rejected */
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('lodged_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('decision', 'text', text)
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('decided_by', 'integer')
    .addColumn('escalated_at', 'varchar(40)')
    /** null | pending | upheld | dismissed */
    .addColumn('appeal_status', 'varchar(20)')
    .addColumn('appeal_reason', 'text', text)
    .addColumn('appealed_at', 'varchar(40)')
    .addColumn('appeal_due_on', 'varchar(10)')
    .addColumn('appeal_decision', 'text', text)
    .addColumn('appeal_decided_at', 'varchar(40)')
    .addColumn('appeal_decided_by', 'integer')
    .addColumn('identity_revealed_at', 'varchar(40)')
    .addColumn('identity_revealed_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('grievances_college_number', ['college_id', 'number'])
    .execute();
  await db.schema.createIndex('grievances_college_status').on('grievances').columns(['college_id', 'status', 'due_on']).execute();
  await db.schema.createIndex('grievances_lodged_by').on('grievances').columns(['college_id', 'lodged_by']).execute();

  await collegeTable(db, 'grievance_comments')
    .addColumn('grievance_id', 'integer', (c) => c.notNull().references('grievances.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('author_name', 'varchar(120)', text)
    /** 1: an internal note the complainant never sees */
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grievance_comments_grievance').on('grievance_comments').columns(['grievance_id']).execute();

  await collegeTable(db, 'grievance_attachments')
    .addColumn('grievance_id', 'integer', (c) => c.notNull().references('grievances.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(60)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grievance_attachments_grievance').on('grievance_attachments').columns(['grievance_id']).execute();

  // Placements.
  await collegeTable(db, 'placement_settings')
    .addColumn('no_show_bar_drives', 'integer', (c) => c.notNull().defaultTo(2))
    /** one | dream */
    .addColumn('offer_policy', 'varchar(10)', (c) => c.notNull().defaultTo('dream'))
    .addColumn('dream_ctc_paise', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('placement_settings_college', ['college_id'])
    .execute();

  await collegeTable(db, 'placement_companies')
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    .addColumn('sector', 'varchar(80)', text)
    .addColumn('website', 'varchar(200)', text)
    .addColumn('hr_name', 'varchar(120)', text)
    .addColumn('hr_email', 'varchar(160)', text)
    .addColumn('hr_phone', 'varchar(20)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('placement_companies_college_name', ['college_id', 'name'])
    .execute();

  await collegeTable(db, 'placement_drives')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('placement_companies.id').onDelete('cascade'))
    .addColumn('drive_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('roles', 'varchar(300)', (c) => c.notNull())
    .addColumn('ctc_paise', 'bigint', (c) => c.notNull())
    .addColumn('location', 'varchar(120)', text)
    .addColumn('bond_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch', 'varchar(20)', (c) => c.notNull())
    /** JSON array of branch short names */
    .addColumn('branches_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** CGPA x 100 (7.5 is 750); 0 for none */
    .addColumn('min_cgpa_x100', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_backlogs', 'integer')
    /** '' any | MALE | FEMALE */
    .addColumn('gender', 'varchar(10)', text)
    .addColumn('no_fee_dues', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_attendance', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('placement_drives_college_batch')
    .on('placement_drives')
    .columns(['college_id', 'batch', 'drive_date'])
    .execute();

  await collegeTable(db, 'placement_applications')
    .addColumn('drive_id', 'integer', (c) => c.notNull().references('placement_drives.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('resume_path', 'varchar(400)')
    /** applied | no_show | rejected | selected */
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('placement_applications_drive_student', ['drive_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('placement_applications_student')
    .on('placement_applications')
    .columns(['college_id', 'student_id'])
    .execute();

  await collegeTable(db, 'placement_rounds')
    .addColumn('drive_id', 'integer', (c) => c.notNull().references('placement_drives.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('held_on', 'varchar(10)', (c) => c.notNull())
    .addUniqueConstraint('placement_rounds_drive_seq', ['drive_id', 'seq'])
    .execute();

  await collegeTable(db, 'placement_round_results')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('placement_rounds.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('placement_applications.id').onDelete('cascade'))
    /** qualified | not_qualified | absent */
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('placement_round_results_round_app', ['round_id', 'application_id'])
    .execute();

  await collegeTable(db, 'placement_offers')
    .addColumn('drive_id', 'integer', (c) => c.notNull().references('placement_drives.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    /** 1: the student's first offer; 2: a dream offer above the threshold */
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('ctc_paise', 'bigint', (c) => c.notNull())
    .addColumn('joining_date', 'varchar(10)', text)
    .addColumn('letter_path', 'varchar(400)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('placement_offers_student_slot', ['college_id', 'student_id', 'slot'])
    .addUniqueConstraint('placement_offers_drive_student', ['drive_id', 'student_id'])
    .execute();

  await collegeTable(db, 'placement_higher_studies')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('programme', 'varchar(120)', (c) => c.notNull())
    .addColumn('institution', 'varchar(200)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('placement_higher_studies_student', ['college_id', 'student_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'placement_higher_studies',
    'placement_offers',
    'placement_round_results',
    'placement_rounds',
    'placement_applications',
    'placement_drives',
    'placement_companies',
    'placement_settings',
    'grievance_attachments',
    'grievance_comments',
    'grievances',
    'grievance_committee_members',
    'grievance_committees',
    'grievance_settings',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
