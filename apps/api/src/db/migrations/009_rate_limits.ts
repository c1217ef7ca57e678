import { sql, type Kysely } from 'kysely';

/**
 * Counters every replica shares (sign-in and public-form limits), and usernames unique ignoring
 * case, so 'Admin' can't be registered beside 'admin'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // milliseconds since the epoch
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_last').on('rate_counters').column('last_at').execute();
  await db.schema
    .createIndex('users_college_username_nocase')
    .on('users')
    .unique()
    .expression(sql`college_id, lower(username)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_college_username_nocase').execute();
  await db.schema.dropTable('rate_counters').execute();
}
