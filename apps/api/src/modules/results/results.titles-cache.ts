import type { Database } from '../../db/index.js';
import { collegeKey, resultsVersion } from './results.version.js';

export interface CachedTitle {
  title: string;
  exam_type: string;
  published: boolean;
}

/**
 * A college's exam titles, kept under the college's results version (results.version.ts): titles
 * are created by an import and published by a publish, and both bump it. The public lookup then
 * reads only exam_results, with no join per row.
 */
const cache = new Map<string, { version: number; titles: Promise<Map<number, CachedTitle>> }>();

export async function titlesOf(db: Database, collegeId: number): Promise<Map<number, CachedTitle>> {
  const key = collegeKey(db, collegeId);
  const version = await resultsVersion(db, collegeId);
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.titles;
  const titles = db
    .selectFrom('exam_titles')
    .select(['id', 'title', 'exam_type', 'published'])
    .where('college_id', '=', collegeId)
    .execute()
    .then(
      (rows) =>
        new Map(rows.map((r) => [r.id, { title: r.title, exam_type: r.exam_type, published: Number(r.published) === 1 }])),
    );
  cache.set(key, { version, titles });
  titles.catch(() => cache.delete(key));
  return titles;
}
