import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * A college's catalogue version (counters row 'catalogue'), bumped by the database on every change
 * to library_titles. The OPAC keeps the titles a search matched under the version it read them at
 * (modules/library/search-cache.ts); triggers, not the app's writers, so no path that writes titles
 * (the editor, imports, a script) can leave a stale search behind in any process.
 */
const BUMP = `INSERT INTO counters (college_id, name, value) VALUES (%s, 'catalogue', 1)
  ON CONFLICT (college_id, name) DO UPDATE SET value = counters.value + 1`;
const EVENTS = [
  ['ai', 'INSERT', 'new'],
  ['au', 'UPDATE', 'new'],
  ['ad', 'DELETE', 'old'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION library_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP = 'DELETE' THEN ${BUMP.replace('%s', 'OLD.college_id')}; RETURN OLD; END IF;
           ${BUMP.replace('%s', 'NEW.college_id')}; RETURN NEW;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER library_titles_version AFTER INSERT OR UPDATE OR DELETE ON library_titles
         FOR EACH ROW EXECUTE FUNCTION library_catalogue_changed()`,
      )
      .execute(db);
    return;
  }
  for (const [suffix, event, row] of EVENTS) {
    await sql
      .raw(
        `CREATE TRIGGER library_titles_version_${suffix} AFTER ${event} ON library_titles BEGIN
           ${BUMP.replace('%s', `${row}.college_id`)};
         END`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS library_titles_version ON library_titles`.execute(db);
    await sql`DROP FUNCTION IF EXISTS library_catalogue_changed()`.execute(db);
    return;
  }
  for (const [suffix] of EVENTS) await sql.raw(`DROP TRIGGER IF EXISTS library_titles_version_${suffix}`).execute(db);
}
