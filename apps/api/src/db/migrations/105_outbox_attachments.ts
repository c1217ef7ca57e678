import type { Kysely } from 'kysely';

/**
 * A mail's attachment, named rather than stored: {"kind","args","filename"} says which module's
 * renderer makes the file when the mail is sent (the weekly summary's PDF), so the outbox holds no
 * blobs and a retried send renders the same file again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attachment_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachment_json').execute();
}
