import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { collegeTable, isPostgres } from './helpers.js';

/**
 * A sheet adds its absentees to the running totals of its class (section, subject): some seven
 * rows of seventy. Kept in rowid order, those rows lay wherever each student's first absence put
 * them, a page each, and every page a batch of sheets changes is written to the log again. Kept in
 * the order of their key (section, subject, student), a class's rows share a page or two. SQLite
 * keeps a table in key order only WITHOUT ROWID, so the table is rebuilt; PostgreSQL takes the same
 * key as its primary key. The id nothing read goes. A student's own totals keep an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table attendance_totals drop column id`.execute(db);
    await sql`alter table attendance_totals drop constraint attendance_totals_key`.execute(db);
    await sql`alter table attendance_totals add constraint attendance_totals_pkey primary key (section_id, subject_id, student_id)`.execute(
      db,
    );
  } else {
    await countColumns(
      db.schema
        .createTable('attendance_totals_by_class')
        .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade')),
    )
      .addPrimaryKeyConstraint('attendance_totals_pkey', ['section_id', 'subject_id', 'student_id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await copyTotals(db, 'attendance_totals', 'attendance_totals_by_class');
    await db.schema.dropTable('attendance_totals').execute();
    await db.schema.alterTable('attendance_totals_by_class').renameTo('attendance_totals').execute();
    await sectionIndex(db);
  }
  await db.schema
    .createIndex('attendance_totals_student')
    .on('attendance_totals')
    .columns(['student_id', 'section_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attendance_totals_student').execute();
  if (isPostgres(db)) {
    await sql`alter table attendance_totals drop constraint attendance_totals_pkey`.execute(db);
    await sql`alter table attendance_totals add constraint attendance_totals_key unique (student_id, section_id, subject_id)`.execute(
      db,
    );
    await sql`alter table attendance_totals add column id serial primary key`.execute(db);
    return;
  }
  await countColumns(collegeTable(db, 'attendance_totals_by_row'))
    .addUniqueConstraint('attendance_totals_key', ['student_id', 'section_id', 'subject_id'])
    .execute();
  await copyTotals(db, 'attendance_totals', 'attendance_totals_by_row');
  await db.schema.dropTable('attendance_totals').execute();
  await db.schema.alterTable('attendance_totals_by_row').renameTo('attendance_totals').execute();
  await sectionIndex(db);
}

/** The columns after college_id, as migration 010 made them. */
function countColumns(t: CreateTableBuilder<string, any>): CreateTableBuilder<string, any> {
  return t
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('medical', 'integer', (c) => c.notNull().defaultTo(0));
}

async function copyTotals(db: Kysely<any>, from: string, to: string) {
  const columns = sql.raw('college_id, student_id, section_id, subject_id, absent, late, on_duty, medical');
  await sql`insert into ${sql.table(to)} (${columns}) select ${columns} from ${sql.table(from)} order by section_id, subject_id, student_id`.execute(
    db,
  );
}

const sectionIndex = (db: Kysely<any>) =>
  db.schema.createIndex('attendance_totals_section').on('attendance_totals').columns(['college_id', 'section_id']).execute();
