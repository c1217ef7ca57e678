import type { Kysely } from 'kysely';
import { collegeTable, tableWithId, text } from './helpers.js';

/**
 * What every module leans on: the academic calendar (holidays decide due dates and deadlines),
 * the audit log of staff writes, and the register of issued documents behind their QR codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'calendar_events')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // holiday | event | semester_start | semester_end | exam
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_events_range')
    .on('calendar_events')
    .columns(['college_id', 'start_date', 'end_date'])
    .execute();

  await tableWithId(db, 'audit_log')
    .addColumn('college_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(120)', text)
    .addColumn('ip', 'varchar(64)', text)
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(80)', text)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_search').on('audit_log').columns(['college_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['college_id', 'entity', 'entity_id']).execute();

  await db.schema
    .createTable('issued_documents')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('holder', 'varchar(200)', text)
    // The document's key facts as printed, shown to whoever scans the QR.
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(40)')
    .addColumn('revoked_reason', 'text')
    .addColumn('issued_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['issued_documents', 'audit_log', 'calendar_events']) await db.schema.dropTable(t).execute();
}
