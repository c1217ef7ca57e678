import { databaseId, type Database } from '../../db/index.js';

/**
 * A college's results version: a counter every import and publish bumps inside its write. The
 * caches of the public lookup keep what they hold under the version they read it at, so nothing
 * cached outlives the data it came from: this process forgets at once, others within VERSION_TTL_MS.
 */
const VERSION_TTL_MS = 1000;

/** A key for one college in one database. */
export const collegeKey = (db: Database, collegeId: number) => `${databaseId(db)}|${collegeId}`;

const versions = new Map<string, { at: number; version: Promise<number> }>();

export function resultsVersion(db: Database, collegeId: number): Promise<number> {
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

/** After a write that bumped the version: read it again on the next lookup, in every database. */
export function forgetResultsVersion(collegeId: number) {
  for (const key of versions.keys()) if (key.endsWith(`|${collegeId}`)) versions.delete(key);
}
