import { LRUCache } from 'lru-cache';
import { databaseId, type Database } from '../../db/index.js';
import * as searchRepo from './search.repo.js';
import { rankedMatches } from './relevance.js';

type Match = Awaited<ReturnType<typeof rankedMatches>>;
type TitleRow = Awaited<ReturnType<typeof searchRepo.titlesInOrder>>[number];
type Subjects = Array<{ subject: string; titles: number }>;

/**
 * What each OPAC search matched (the ranked title ids) and the title rows of each page shown,
 * kept under the catalogue version they were read at. The database bumps the version on every
 * change to a college's titles (migration 087), so nothing kept outlives the catalogue it came
 * from, in this process or any other sharing the database: each search reads the version first
 * (one key lookup) and a new version misses. Copy counts and availability are never kept: they
 * are read fresh for the page shown, and "on the shelf now" narrows the kept ids on each search.
 *
 * At most 1,000 searches (of at most SEARCH_CAP ids) and 2,000 pages (a few MB); the least
 * recently asked go first.
 */
const matches = new LRUCache<string, Promise<Match>>({ max: 1000 });
const pages = new LRUCache<string, Promise<TitleRow[]>>({ max: 2000 });
const subjectLists = new LRUCache<string, Promise<Subjects>>({ max: 100 });

function remember<T extends object>(cache: LRUCache<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let kept = cache.get(key);
  if (!kept) {
    kept = read();
    cache.set(key, kept);
    kept.catch(() => cache.delete(key));
  }
  return kept;
}

export interface SearchFilters extends searchRepo.TitleFilters {
  /** only titles with a copy on the shelf now */
  available: boolean;
}

/** One page of a search: its title rows in order, the number matched, and whether that was capped. */
export async function searchPage(
  db: Database,
  collegeId: number,
  q: { terms: string[]; isbn: string | null },
  filters: SearchFilters,
  page: { offset: number; limit: number },
) {
  const version = await searchRepo.catalogueVersion(db, collegeId);
  const at = `${databaseId(db)}|${collegeId}|${version}`;
  const narrowed = [filters.itemType ?? '', filters.subjectWords.join(' '), filters.yearFrom ?? '', filters.yearTo ?? ''];
  const key = `${at}|${q.isbn ?? ''}|${q.terms.join(' ')}|${narrowed.join('|')}`;
  const { ids, capped } = await remember(matches, key, () => rankedMatches(db, collegeId, q, filters));
  const shown = filters.available ? await searchRepo.titlesOnShelf(db, collegeId, ids) : ids;
  const pageIds = shown.slice(page.offset, page.offset + page.limit);
  // Keyed by the ids themselves: the same page of titles is the same rows, whichever search showed it.
  const rows = await remember(pages, `${at}|${pageIds.join(',')}`, () => searchRepo.titlesInOrder(db, collegeId, pageIds));
  return { rows, total: shown.length, capped };
}

/**
 * The subjects of the catalogue, split at ";" as catalogued (MARC 650s joined), with the number of
 * titles under each: the most used 100, A–Z. Read once per catalogue version.
 */
export async function subjectsOf(db: Database, collegeId: number): Promise<Subjects> {
  const version = await searchRepo.catalogueVersion(db, collegeId);
  return remember(subjectLists, `${databaseId(db)}|${collegeId}|${version}`, async () => {
    const counts = new Map<string, { subject: string; titles: number }>();
    for (const row of await searchRepo.subjectCounts(db, collegeId, 5000)) {
      for (const part of row.subjects.split(';')) {
        const subject = part.trim().replace(/\s+/g, ' ');
        if (!subject) continue;
        const kept = counts.get(subject.toLowerCase()) ?? { subject, titles: 0 };
        kept.titles += Number(row.n);
        counts.set(subject.toLowerCase(), kept);
      }
    }
    return [...counts.values()]
      .sort((a, b) => b.titles - a.titles)
      .slice(0, 100)
      .sort((a, b) => a.subject.localeCompare(b.subject));
  });
}
