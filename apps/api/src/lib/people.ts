import type { Db } from '../db/index.js';

/**
 * Staff as documents and screens name them: "Full Name, Designation" (the designation from their
 * faculty record, when they have one), by login id. Rows keep the login id (it is what filters and
 * audits match); only what a person reads goes through this. A login id with no account here
 * (e.g. 'online') is left out: the caller shows what it has.
 */
export async function staffNames(db: Db, collegeId: number, usernames: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(usernames.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('faculty as f', (j) => j.onRef('f.id', '=', 'u.faculty_id').onRef('f.college_id', '=', 'u.college_id'))
    .select(['u.username', 'u.full_name', 'f.designation'])
    .where('u.college_id', '=', collegeId)
    .where('u.username', 'in', wanted)
    .execute();
  const names = new Map<string, string>();
  for (const r of rows) {
    const name = r.full_name.trim();
    if (name) names.set(r.username, r.designation?.trim() ? `${name}, ${r.designation.trim()}` : name);
  }
  return names;
}

/** One login id as its person's name, or the id itself when there is no such account. */
export async function staffName(db: Db, collegeId: number, username: string): Promise<string> {
  return (await staffNames(db, collegeId, [username])).get(username) ?? username;
}
