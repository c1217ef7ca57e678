import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'faculty_achievements')
    .addColumn('department_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('faculty_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('faculty_email', 'varchar(160)', text)
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('dates', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  // The manager page searches by department and faculty name.
  await db.schema
    .createIndex('faculty_achievements_lookup')
    .on('faculty_achievements')
    .columns(['college_id', 'department_name', 'faculty_name'])
    .execute();

  await collegeTable(db, 'faculty_publications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('journal', 'varchar(200)', text)
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('scopus_indexed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('citations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'faculty_mous')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation', 'varchar(200)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(300)', text)
    .addColumn('signed_on', 'varchar(10)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await collegeTable(db, 'faculty_awards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('awarded_by', 'varchar(200)', text)
    .addColumn('awarded_on', 'varchar(10)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  // Dashboard counts and own-record lists read by user.
  for (const t of ['faculty_publications', 'faculty_mous', 'faculty_awards']) {
    await db.schema.createIndex(`${t}_user`).on(t).columns(['user_id']).execute();
  }

  await collegeTable(db, 'faculty_profiles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('financial_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('institution_type', 'varchar(40)', text)
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('faculty_profiles_user_year', ['user_id', 'financial_year'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['faculty_profiles', 'faculty_awards', 'faculty_mous', 'faculty_publications', 'faculty_achievements']) {
    await db.schema.dropTable(t).execute();
  }
}
