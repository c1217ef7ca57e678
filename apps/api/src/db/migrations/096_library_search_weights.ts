import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The OPAC ranks a phrase or all the words in the title above matches elsewhere, and filters by
 * subject: PostgreSQL's search vector now weighs where each word came from (title A, subjects B,
 * authors C, the rest D), so one GIN index answers "in the title" and "in the subjects" as well.
 * SQLite's FTS5 table has a column per field already.
 */
const PLAIN = `to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(subtitle, '') || ' ' || coalesce(authors, '') || ' ' ||
  coalesce(subjects, '') || ' ' || coalesce(isbn, '') || ' ' || coalesce(call_number, '') || ' ' || coalesce(publisher, ''))`;
const WEIGHED = `setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('simple', coalesce(subjects, '')), 'B') ||
  setweight(to_tsvector('simple', coalesce(authors, '')), 'C') ||
  setweight(to_tsvector('simple', coalesce(subtitle, '') || ' ' || coalesce(isbn, '') || ' ' || coalesce(call_number, '') || ' ' ||
    coalesce(publisher, '')), 'D')`;

async function rebuild(db: Kysely<any>, expression: string) {
  // A generated column's expression cannot be altered: dropped (its index with it) and added again.
  await sql`ALTER TABLE library_titles DROP COLUMN IF EXISTS search`.execute(db);
  await sql.raw(`ALTER TABLE library_titles ADD COLUMN search tsvector GENERATED ALWAYS AS (${expression}) STORED`).execute(db);
  await sql`CREATE INDEX library_titles_search ON library_titles USING GIN (search)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await rebuild(db, WEIGHED);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await rebuild(db, PLAIN);
}
