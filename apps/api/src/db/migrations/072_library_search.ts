import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The OPAC's SQLite full-text index gains prefix indexes (2, 3 and 4 letters): a reader types the
 * start of a word, and without them every word of the catalogue is scanned for it. PostgreSQL's
 * GIN index answers prefixes already.
 */
const COLUMNS = 'title, subtitle, authors, subjects, isbn, call_number, publisher';

async function recreate(db: Kysely<any>, prefix: string) {
  await sql`DROP TABLE IF EXISTS library_titles_fts`.execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE library_titles_fts USING fts5(${COLUMNS},
        content='library_titles', content_rowid='id', tokenize='unicode61 remove_diacritics 2'${prefix})`,
    )
    .execute(db);
  // The triggers on library_titles name the table, so they keep it in step as before.
  await sql`INSERT INTO library_titles_fts(library_titles_fts) VALUES ('rebuild')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await recreate(db, `, prefix='2 3 4'`);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await recreate(db, '');
}
