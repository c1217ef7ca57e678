import type { Database } from '../../db/index.js';

export interface CachedTitle {
  title: string;
  exam_type: string;
  published: boolean;
}

/**
 * A college's exam titles, re-read at most once a second. The public lookup then reads only
 * exam_results (no join per row); a publish in this process clears the entry at once, and other
 * processes see it within a second.
 */
const TTL_MS = 1000;
const cache = new Map<string, { at: number; titles: Promise<Map<number, CachedTitle>> }>();
const dbIds = new WeakMap<Database, number>();
let nextDbId = 0;

export function titlesOf(db: Database, collegeId: number): Promise<Map<number, CachedTitle>> {
  let dbId = dbIds.get(db);
  if (dbId === undefined) dbIds.set(db, (dbId = ++nextDbId));
  const key = `${dbId}|${collegeId}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.titles;
  const titles = db
    .selectFrom('exam_titles')
    .select(['id', 'title', 'exam_type', 'published'])
    .where('college_id', '=', collegeId)
    .execute()
    .then(
      (rows) =>
        new Map(rows.map((r) => [r.id, { title: r.title, exam_type: r.exam_type, published: Number(r.published) === 1 }])),
    );
  cache.set(key, { at: Date.now(), titles });
  titles.catch(() => cache.delete(key));
  return titles;
}

export function forgetTitles(collegeId: number) {
  for (const key of cache.keys()) if (key.endsWith(`|${collegeId}`)) cache.delete(key);
}
