import type { Kysely } from 'kysely';
import { collegeTable, tableWithId, text } from './helpers.js';

/** Colleges, people, academic structure and lookups: what every feature stands on. */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'colleges')
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'text', text)
    .addColumn('about_us', 'text', text)
    .addColumn('official_communication', 'text', text)
    .addColumn('campus', 'text', text)
    .addColumn('fax_number', 'varchar(40)', text)
    .addColumn('logo_base64', 'text', text)
    .addColumn('banner_base64', 'text', text)
    .addColumn('settings_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('college_domains')
    .addColumn('domain', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .execute();

  await collegeTable(db, 'college_phones')
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await collegeTable(db, 'college_contacts')
    .addColumn('designation', 'varchar(120)', text)
    .addColumn('name', 'varchar(120)', text)
    .addColumn('mail_id', 'varchar(160)', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await collegeTable(db, 'users')
    .addColumn('username', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(160)', text)
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(120)', text)
    .addColumn('program', 'varchar(60)', text)
    .addColumn('institute_type', 'varchar(40)', text)
    .addColumn('eamcet_code', 'varchar(40)', text)
    .addColumn('college_name', 'varchar(200)', text)
    .addColumn('affiliated_to', 'varchar(200)', text)
    .addColumn('modules', 'varchar(200)', text)
    .addColumn('emp_code', 'varchar(40)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('student_id', 'integer')
    .addColumn('faculty_id', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('users_college_username', ['college_id', 'username'])
    .execute();
  await db.schema.createIndex('users_college_email').on('users').columns(['college_id', 'email']).execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(60)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await collegeTable(db, 'departments')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', text)
    .addUniqueConstraint('departments_college_name', ['college_id', 'name'])
    .execute();

  await collegeTable(db, 'courses')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('level', 'varchar(20)', (c) => c.notNull())
    .addColumn('duration_years', 'integer', (c) => c.notNull().defaultTo(4))
    .addUniqueConstraint('courses_college_name', ['college_id', 'name'])
    .execute();

  await collegeTable(db, 'batches')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('batches_course_name', ['course_id', 'name'])
    .execute();

  await collegeTable(db, 'branches')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('short_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', text)
    .addUniqueConstraint('branches_course_short', ['course_id', 'short_name'])
    .execute();

  await collegeTable(db, 'semesters')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await collegeTable(db, 'seat_types')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', text)
    .execute();

  await collegeTable(db, 'key_values')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('key', 'varchar(80)', (c) => c.notNull())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('key_values_college_kind').on('key_values').columns(['college_id', 'kind']).execute();

  await collegeTable(db, 'castes')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addUniqueConstraint('castes_college_name', ['college_id', 'name'])
    .execute();

  await collegeTable(db, 'sub_castes')
    .addColumn('caste_id', 'integer', (c) => c.notNull().references('castes.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'agents')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'students')
    .addColumn('roll_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('course', 'varchar(60)', text)
    .addColumn('batch', 'varchar(20)', text)
    .addColumn('branch', 'varchar(20)', text)
    .addColumn('semester', 'varchar(20)', text)
    .addColumn('section', 'varchar(10)', text)
    .addColumn('gender', 'varchar(10)', text)
    .addColumn('email', 'varchar(160)', text)
    .addColumn('mobile', 'varchar(20)', text)
    .addColumn('father_name', 'varchar(120)', text)
    .addColumn('admission_id', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('students_college_roll', ['college_id', 'roll_no'])
    .execute();

  await collegeTable(db, 'faculty')
    .addColumn('emp_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(160)', (c) => c.notNull())
    .addColumn('department', 'varchar(60)', text)
    .addColumn('designation', 'varchar(120)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('faculty_college_emp', ['college_id', 'emp_code'])
    .execute();

  await db.schema
    .createTable('counters')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('counters_pk', ['college_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'counters',
    'faculty',
    'students',
    'agents',
    'sub_castes',
    'castes',
    'key_values',
    'seat_types',
    'semesters',
    'branches',
    'batches',
    'courses',
    'departments',
    'user_roles',
    'users',
    'college_contacts',
    'college_phones',
    'college_domains',
    'colleges',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
