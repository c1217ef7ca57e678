import type { Database } from '../../db/index.js';
import { collegeKey, resultsVersion } from './results.version.js';

/**
 * Serialized result views, kept per college under the college's results version (see
 * results.version.ts), so a cached view never outlives the data it shows. Results day asks for the
 * same students over and over; a hit costs no query and no serialization.
 */
// About 1.5 kB a view: 50,000 (two titles of a 20,000-student college, and more) take some 75 MB.
const MAX_VIEWS_PER_COLLEGE = 50_000;

const views = new Map<string, { version: number; byKey: Map<string, string> }>();

/** The view's JSON from the cache, or computed, cached and returned. */
export async function cachedViewJson(
  db: Database,
  collegeId: number,
  title: string,
  rollNo: string,
  compute: () => Promise<unknown>,
): Promise<string> {
  const ck = collegeKey(db, collegeId);
  const version = await resultsVersion(db, collegeId);
  let entry = views.get(ck);
  if (!entry || entry.version !== version) views.set(ck, (entry = { version, byKey: new Map() }));
  const key = `${title}\u0000${rollNo}`;
  const hit = entry.byKey.get(key);
  if (hit !== undefined) return hit;
  const json = JSON.stringify(await compute());
  if (entry.byKey.size >= MAX_VIEWS_PER_COLLEGE) entry.byKey.delete(entry.byKey.keys().next().value!);
  entry.byKey.set(key, json);
  return json;
}
