import type { Kysely } from 'kysely';

/**
 * Sessions ended by sign-out before their token lapses: the token's id (its jti), whose user it
 * was (the guard reads a user's revoked ids with the token version, in one query) and when the
 * token would have lapsed, after which the row is dead weight and is pruned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // milliseconds since the epoch
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_user').on('revoked_tokens').columns(['user_id', 'expires_at']).execute();
  await db.schema.createIndex('revoked_tokens_expiry').on('revoked_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
}
