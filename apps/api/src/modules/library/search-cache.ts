import { LRUCache } from 'lru-cache';
import { databaseId, type Database } from '../../db/index.js';
import * as repo from './library.repo.js';

type Match = Awaited<ReturnType<typeof repo.matchingTitleIds>>;
type TitleRow = Awaited<ReturnType<typeof repo.titlesInOrder>>[number];

/**
 * What each OPAC search matched (the ordered title ids) and the title rows of each page shown,
 * kept under the catalogue version they were read at. The database bumps the version on every
 * change to a college's titles (migration 087), so nothing kept outlives the catalogue it came
 * from, in this process or any other sharing the database: each search reads the version first
 * (one key lookup) and a new version misses. Copy counts and availability are never kept: they
 * are read fresh for the page shown.
 *
 * At most 1,000 searches (of at most SEARCH_CAP ids) and 2,000 pages (a few MB); the least
 * recently asked go first.
 */
const matches = new LRUCache<string, Promise<Match>>({ max: 1000 });
const pages = new LRUCache<string, Promise<TitleRow[]>>({ max: 2000 });

function remember<T extends object>(cache: LRUCache<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let kept = cache.get(key);
  if (!kept) {
    kept = read();
    cache.set(key, kept);
    kept.catch(() => cache.delete(key));
  }
  return kept;
}

/** One page of a search: its title rows in order, the number matched, and whether that was capped. */
export async function searchPage(
  db: Database,
  collegeId: number,
  q: { terms: string[]; isbn: string | null },
  page: { offset: number; limit: number },
) {
  const version = await repo.catalogueVersion(db, collegeId);
  const key = `${databaseId(db)}|${collegeId}|${version}|${q.isbn ?? ''}|${q.terms.join(' ')}`;
  const { ids, capped } = await remember(matches, key, () => repo.matchingTitleIds(db, collegeId, q));
  const rows = await remember(pages, `${key}|${page.offset}|${page.limit}`, () =>
    repo.titlesInOrder(db, collegeId, ids.slice(page.offset, page.offset + page.limit)),
  );
  return { rows, total: ids.length, capped };
}
