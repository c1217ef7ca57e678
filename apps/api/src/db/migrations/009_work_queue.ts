import type { Kysely } from 'kysely';
import { tableWithId, text } from './helpers.js';

/**
 * Work that needn't answer the request (mail, notifications, large exports) waits in the database,
 * so it survives a restart and any replica's worker may take it; mail sent or kept lands in the
 * outbox, which the admin reads when no mail server is configured.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'jobs')
    .addColumn('college_id', 'integer')
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    // pending | running | done | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('run_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_until', 'varchar(40)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

  await tableWithId(db, 'outbox')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // queued | sent | kept (no mail server) | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('outbox_college').on('outbox').columns(['college_id', 'id']).execute();

  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_prefs_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['notification_prefs', 'outbox', 'jobs']) await db.schema.dropTable(t).execute();
}
