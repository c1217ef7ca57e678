import type { Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * In-app notifications (each user's inbox) and the record of what was delivered to whom, the
 * in-app channel in the notification choices, and one row per scheduled run so several API
 * processes on one database start each daily or weekly scan once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'notifications')
    // null for a contact with no login (email only)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // 'u:<user id>' or 'e:<email>': with kind and ref, what makes a delivery happen once
    .addColumn('recipient', 'varchar(220)', (c) => c.notNull())
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    // what the notification is about, e.g. loan:12:due:2026-11-25
    .addColumn('ref', 'varchar(120)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', text)
    .addColumn('link', 'varchar(300)', text)
    // 1 when shown in the user's inbox (the in-app channel was on)
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('read_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('notifications_once', ['college_id', 'kind', 'ref', 'recipient'])
    .execute();
  await db.schema.createIndex('notifications_inbox').on('notifications').columns(['user_id', 'in_app', 'id']).execute();

  await db.schema
    .createTable('notification_runs')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    // library | fees | attendance
    .addColumn('task', 'varchar(30)', (c) => c.notNull())
    // 2026-11-23 (daily) or 2026-W48 (weekly)
    .addColumn('period', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_runs_pk', ['college_id', 'task', 'period'])
    .execute();

  await db.schema
    .alterTable('notification_prefs')
    .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_prefs').dropColumn('in_app').execute();
  for (const t of ['notification_runs', 'notifications']) await db.schema.dropTable(t).execute();
}
