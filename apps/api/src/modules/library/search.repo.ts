import { sql } from 'kysely';
import { isPostgres } from '../../db/migrations/helpers.js';
import { preparedIn } from '../../db/prepared.js';
import { readCounter } from '../../lib/counters.js';
import type { Db } from '../../db/index.js';

/** Queries of the OPAC's search (search-cache.ts, relevance.ts); no rules here. */

export const SEARCH_CAP = 1000;

/** Where a search's words must be: anywhere in the record, all in the title, or as a phrase in the title. */
export type MatchScope = 'any' | 'title' | 'phrase';

/** The OPAC's filters that narrow the titles matched (the subject as its words, matched as a phrase). */
export interface TitleFilters {
  itemType?: string;
  subjectWords: string[];
  yearFrom?: number;
  yearTo?: number;
}

/** The full-text expression of a search: FTS5's on SQLite, a tsquery on PostgreSQL (title weight A, subjects B: migration 095). */
function fullTextQuery(pg: boolean, terms: string[], scope: MatchScope, subjectWords: string[]): string | null {
  const parts: string[] = [];
  if (terms.length > 0) {
    if (pg) {
      if (scope === 'any') parts.push(terms.map((t) => `${t}:*`).join(' & '));
      else if (scope === 'title') parts.push(terms.map((t) => `${t}:*A`).join(' & '));
      else parts.push(terms.map((t) => `${t}:A`).join(' <-> '));
    } else if (scope === 'any') parts.push(terms.map((t) => `"${t}"*`).join(' '));
    else if (scope === 'title') parts.push(terms.map((t) => `title : "${t}"*`).join(' AND '));
    else parts.push(`title : "${terms.join(' ')}"`);
  }
  if (subjectWords.length > 0)
    parts.push(pg ? subjectWords.map((t) => `${t}:B`).join(' <-> ') : `subjects : "${subjectWords.join(' ')}"`);
  if (parts.length === 0) return null;
  return parts.map((p) => `(${p})`).join(pg ? ' & ' : ' AND ');
}

/**
 * Up to SEARCH_CAP + 1 titles (id and title) a search matches in the given scope, narrowed by the
 * filters, in index order: full-text (FTS5 on SQLite, tsvector on PostgreSQL), an ISBN, or
 * everything. One pass over the index that stops past the cap, so a word found in a tenth of a
 * large catalogue costs no sort of thousands of rows; the caller ranks what came back. Terms and
 * subject words are letters and digits only, so no search operator reaches the engine.
 */
export async function titleMatches(
  db: Db,
  collegeId: number,
  q: { terms: string[]; isbn: string | null },
  scope: MatchScope,
  f: TitleFilters,
): Promise<Array<{ id: number; title: string }>> {
  let query = db.selectFrom('library_titles').where('library_titles.college_id', '=', collegeId);
  // On SQLite the full-text index's own rowid order (the same ids): ordering by the table's id
  // would make SQLite walk the table and test every row against the index.
  let order = sql`library_titles.id`;
  if (q.isbn) query = query.where('library_titles.isbn', '=', q.isbn);
  const pg = isPostgres(db);
  const text = fullTextQuery(pg, q.isbn ? [] : q.terms, scope, f.subjectWords);
  if (text && pg) {
    query = query.where(sql<boolean>`library_titles.search @@ to_tsquery('simple', ${text})`);
  } else if (text) {
    // Joined (not `id IN (...)`), so the index drives in rowid order and stops at the limit.
    query = query
      .innerJoin(sql<{ rowid: number }>`library_titles_fts`.as('library_titles_fts'), (j) =>
        j.onRef('library_titles_fts.rowid', '=', 'library_titles.id'),
      )
      .where(sql<boolean>`library_titles_fts MATCH ${text}`);
    order = sql`library_titles_fts.rowid`;
  }
  if (f.itemType) query = query.where('library_titles.item_type', '=', f.itemType);
  if (f.yearFrom !== undefined) query = query.where('library_titles.year', '>=', f.yearFrom);
  if (f.yearTo !== undefined) query = query.where('library_titles.year', '<=', f.yearTo);
  return query
    .select(['library_titles.id', 'library_titles.title'])
    .orderBy(order)
    .limit(SEARCH_CAP + 1)
    .execute();
}

/** Of some titles, those with a copy on the shelf now, in the order given. */
export async function titlesOnShelf(db: Db, collegeId: number, ids: number[]): Promise<number[]> {
  const onShelf = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('library_copies')
      .select('title_id')
      .distinct()
      .where('college_id', '=', collegeId)
      .where('status', '=', 'available')
      .where('title_id', 'in', ids.slice(i, i + 500))
      .execute();
    rows.forEach((r) => onShelf.add(r.title_id));
  }
  return ids.filter((id) => onShelf.has(id));
}

/** The subject headings of a college's titles as catalogued (one row per distinct text), most used first. */
export async function subjectCounts(db: Db, collegeId: number, limit: number) {
  return db
    .selectFrom('library_titles')
    .select(['subjects', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('subjects', '!=', '')
    .groupBy('subjects')
    .orderBy('n', 'desc')
    .limit(limit)
    .execute();
}

// An OPAC page's rows: prepared per page length.
const titlesByIdQuery = preparedIn((db, a: { collegeId: number }, ids: number[]) =>
  db.selectFrom('library_titles').selectAll().where('college_id', '=', a.collegeId).where('id', 'in', ids),
);

/** Titles by id, in the order of `ids`. */
export async function titlesInOrder(db: Db, collegeId: number, ids: number[]) {
  const rows = await titlesByIdQuery.all(db, { collegeId }, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The college's catalogue version: the database bumps it on every change to its titles (migration 087). */
export const catalogueVersion = (db: Db, collegeId: number) => readCounter(db, collegeId, 'catalogue');
