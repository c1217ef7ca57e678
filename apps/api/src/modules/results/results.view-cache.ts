import type { Database } from '../../db/index.js';

/**
 * Serialized result views, kept per college under the college's results version. Every import and
 * publish bumps the version in the database, so a cached view never outlives the data it shows:
 * this process forgets at once, others within the version's one-second re-read. Results day asks
 * for the same students over and over; a hit costs no query and no serialization.
 */
const VERSION_TTL_MS = 1000;
const MAX_VIEWS_PER_COLLEGE = 100_000;

const dbIds = new WeakMap<Database, number>();
let nextDbId = 0;
const collegeKey = (db: Database, collegeId: number) => {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = ++nextDbId));
  return `${id}|${collegeId}`;
};

const versions = new Map<string, { at: number; version: Promise<number> }>();
const views = new Map<string, { version: number; byKey: Map<string, string> }>();

function versionOf(db: Database, collegeId: number): Promise<number> {
  const key = collegeKey(db, collegeId);
  const hit = versions.get(key);
  if (hit && Date.now() - hit.at < VERSION_TTL_MS) return hit.version;
  const version = db
    .selectFrom('counters')
    .select('value')
    .where('college_id', '=', collegeId)
    .where('name', '=', 'results')
    .executeTakeFirst()
    .then((r) => Number(r?.value ?? 0));
  versions.set(key, { at: Date.now(), version });
  version.catch(() => versions.delete(key));
  return version;
}

/** The view's JSON from the cache, or computed, cached and returned. */
export async function cachedViewJson(
  db: Database,
  collegeId: number,
  title: string,
  rollNo: string,
  compute: () => Promise<unknown>,
): Promise<string> {
  const ck = collegeKey(db, collegeId);
  const version = await versionOf(db, collegeId);
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

/** After a write that changes results: forget this process's views and version for the college. */
export function forgetViews(collegeId: number) {
  for (const key of [...versions.keys(), ...views.keys()]) {
    if (key.endsWith(`|${collegeId}`)) {
      versions.delete(key);
      views.delete(key);
    }
  }
}
