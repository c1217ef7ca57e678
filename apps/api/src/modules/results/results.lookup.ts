import type { TExamResultView } from '@erp/shared';
import { databaseId, type Database } from '../../db/index.js';
import { compress, type Encoding } from '../../lib/encodings.js';
import * as repo from './results.repo.js';
import type { LookupRow, ResultRow } from './results.repo.js';
import { buildView, emptyView } from './results.view.js';

/**
 * The results read path, one module: the public lookup (getExamResultByRollNoView) and the marks
 * memo both call lookup(); every write that changes results (import, publish) calls invalidate()
 * after its transaction. Inside, in read order:
 *
 * 1. the college's results version, a counter each import and publish bumps inside its write;
 *    everything below is kept under the version it was read at, so nothing cached outlives the
 *    data it came from (this process forgets at once, other processes within VERSION_TTL_MS);
 * 2. the college's exam titles (so a lookup reads exam_results alone, with no join per row);
 * 3. hot titles: a title asked for HOT_AFTER times is read whole into memory;
 * 4. the built views (and their JSON), per title and roll number.
 */

// ---- 1. the results version ----
/**
 * A college's results version: a counter every import and publish bumps inside its write. The
 * caches of the public lookup keep what they hold under the version they read it at, so nothing
 * cached outlives the data it came from: this process forgets at once, others within VERSION_TTL_MS.
 */
const VERSION_TTL_MS = 1000;

/** A key for one college in one database. */
export const collegeKey = (db: Database, collegeId: number) => `${databaseId(db)}|${collegeId}`;

/** `value` is the version once read, so a lookup whose answer is built can go on without waiting. */
interface VersionRead {
  at: number;
  version: Promise<number>;
  value?: number;
}
const versions = new Map<string, VersionRead>();

/** The version read for the key within VERSION_TTL_MS, if any. */
function freshRead(key: string): VersionRead | undefined {
  const hit = versions.get(key);
  return hit && Date.now() - hit.at < VERSION_TTL_MS ? hit : undefined;
}

/** The college's results version when it was read within VERSION_TTL_MS, without waiting; else undefined. */
export function versionNow(db: Database, collegeId: number): number | undefined {
  return freshRead(collegeKey(db, collegeId))?.value;
}

export function resultsVersion(db: Database, collegeId: number): Promise<number> {
  const key = collegeKey(db, collegeId);
  const hit = freshRead(key);
  if (hit) return hit.version;
  const version = repo.readResultsVersion(db, collegeId);
  const entry: VersionRead = { at: Date.now(), version };
  versions.set(key, entry);
  version.then(
    (value) => (entry.value = value),
    () => versions.delete(key),
  );
  return version;
}

/**
 * The wall-clock second (Unix seconds) through which a shared cache in front (the proxy) may keep an
 * answer built under `version`: the second that version was read in. The proxy's copy then goes stale
 * before this process's own read does (within VERSION_TTL_MS), so a publish shows through it within
 * a second too. An answer of another version than the one read now gets the second before this one:
 * kept by nobody.
 */
export function sharedCacheSecond(db: Database, collegeId: number, version: number): number {
  const hit = freshRead(collegeKey(db, collegeId));
  return hit && hit.value === version ? Math.floor(hit.at / 1000) : Math.floor(Date.now() / 1000) - 1;
}

/** Whether the college's version was read in this wall-clock second (a proxy's copy made now may be kept). */
export function versionReadThisSecond(db: Database, collegeId: number): boolean {
  const hit = freshRead(collegeKey(db, collegeId));
  return hit !== undefined && Math.floor(hit.at / 1000) === Math.floor(Date.now() / 1000);
}

/**
 * A proxy asks again once its copy's second has passed: forget a version read in an earlier second,
 * so this ask reads it again (one small query a second per college) and the copy it gets may be kept
 * for the rest of this second. Otherwise every ask would pass through until the read's TTL ends.
 */
export function readVersionForProxy(db: Database, collegeId: number) {
  if (!versionReadThisSecond(db, collegeId)) versions.delete(collegeKey(db, collegeId));
}

/** After a write that bumped the version (import, publish): read it again on the next lookup, in every database. */
export function invalidate(collegeId: number) {
  for (const key of versions.keys()) if (key.endsWith(`|${collegeId}`)) versions.delete(key);
}

// ---- 2. the exam titles ----

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
  const titles = repo
    .allTitles(db, collegeId)
    .then(
      (rows) =>
        new Map(rows.map((r) => [r.id, { title: r.title, exam_type: r.exam_type, published: Number(r.published) === 1 }])),
    );
  cache.set(key, { version, titles });
  titles.catch(() => cache.delete(key));
  return titles;
}

// ---- 3. hot titles ----

/**
 * Results day: every student of the college asks for the same one or two titles. One indexed
 * query per student costs far more than reading the whole title once, so a title asked for
 * HOT_AFTER times under one results version is read in pages (the event loop runs between them)
 * and kept in memory by roll number; its lookups then read no database. A title asked for rarely
 * keeps the indexed query. At most MAX_HOT_TITLES (4) per college stay in memory, about 23 MB for a
 * title of 20,000 students with 8 courses each; a new results version drops them.
 */
export const HOT_AFTER = 50;
const MAX_HOT_TITLES = 4;
const PAGE_ROWS = 5000;

interface TitleEntry {
  asked: number;
  usedAt: number;
  loading: boolean;
  byRollNo: Map<string, ResultRow[]> | null;
}

interface CollegeEntry {
  version: number;
  titles: Map<number, TitleEntry>;
}

const colleges = new Map<string, CollegeEntry>();

/** One student's rows in the given titles: from memory for hot titles, by query for the others. */
export async function hotResultsOf(db: Database, collegeId: number, rollNo: string, titleIds: number[]): Promise<ResultRow[]> {
  const key = collegeKey(db, collegeId);
  const version = await resultsVersion(db, collegeId);
  let college = colleges.get(key);
  if (!college || college.version !== version) colleges.set(key, (college = { version, titles: new Map() }));
  const now = Date.now();
  const rows: ResultRow[] = [];
  const cold: number[] = [];
  for (const id of titleIds) {
    let title = college.titles.get(id);
    if (!title) college.titles.set(id, (title = { asked: 0, usedAt: now, loading: false, byRollNo: null }));
    title.usedAt = now;
    if (title.byRollNo) {
      const own = title.byRollNo.get(rollNo);
      if (own) rows.push(...own);
      continue;
    }
    cold.push(id);
    if (++title.asked >= HOT_AFTER && !title.loading) load(db, key, college, collegeId, id, title);
  }
  if (cold.length > 0) rows.push(...(await repo.resultsOf(db, collegeId, rollNo, cold)));
  return rows;
}

/** Reads a whole title in the background; lookups keep querying until it is in. */
function load(db: Database, key: string, college: CollegeEntry, collegeId: number, id: number, title: TitleEntry) {
  title.loading = true;
  readTitle(db, collegeId, id).then(
    (byRollNo) => {
      title.loading = false;
      // A newer results version replaced this college entry while the title was read: drop it.
      if (colleges.get(key) !== college) return;
      title.byRollNo = byRollNo;
      evictBeyondLimit(college);
    },
    () => {
      // Unreadable now (a busy or lost database): lookups go on by query and try again later.
      title.loading = false;
      title.asked = 0;
    },
  );
}

/** A whole title's rows by roll number, read a page at a time with the event loop let run between pages. */
export async function readTitle(
  db: Database,
  collegeId: number,
  titleId: number,
  pageRows = PAGE_ROWS,
): Promise<Map<string, ResultRow[]>> {
  const byRollNo = new Map<string, ResultRow[]>();
  // Course names, codes, grades and names repeat across students: keep one copy of each.
  const strings = new Map<string, string>();
  const intern = (s: string) => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  let after: { rollNo: string; courseCode: string } | null = null;
  for (;;) {
    const page = await repo.titleResultsPage(db, collegeId, titleId, after, pageRows);
    for (const r of page) {
      let own = byRollNo.get(r.roll_no);
      if (!own) byRollNo.set(r.roll_no, (own = []));
      own.push({
        exam_title_id: r.exam_title_id,
        course_code: intern(r.course_code),
        course: intern(r.course),
        credits: r.credits,
        grade: intern(r.grade),
        grade_points: r.grade_points,
        status: intern(r.status),
        student_name: intern(r.student_name),
      });
    }
    if (page.length < pageRows) return byRollNo;
    const last = page[page.length - 1];
    after = { rollNo: last.roll_no, courseCode: last.course_code };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The titles of a college held in memory now. */
export function hotTitleIds(db: Database, collegeId: number): number[] {
  const college = colleges.get(collegeKey(db, collegeId));
  return college ? [...college.titles].filter(([, t]) => t.byRollNo).map(([id]) => id) : [];
}

function evictBeyondLimit(college: CollegeEntry) {
  const loaded = [...college.titles.values()].filter((t) => t.byRollNo);
  if (loaded.length <= MAX_HOT_TITLES) return;
  const oldest = loaded.reduce((a, b) => (a.usedAt <= b.usedAt ? a : b));
  oldest.byRollNo = null;
  oldest.asked = 0;
}

// ---- 4. the built views ----

/** A lookup's answer: the view (empty when the student has no result in the title), its title and its JSON. */
export interface Lookup {
  view: TExamResultView;
  /** the title the view shows; null when there is no result to show */
  titleId: number | null;
  json: string;
  /** the college's results version the answer was built under */
  version: number;
  /** The public lookup's ETag: the answer is the same bytes until the college's results version changes. */
  etag: string;
  /** The JSON compressed, per encoding, made on the first ask for it (encodedAnswer). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** The answer's JSON in the encoding, compressed once per answer like a static file's. */
export function encodedAnswer(answer: Lookup, encoding: Encoding): Buffer {
  return (answer.encoded[encoding] ??= compress(answer.json, encoding));
}

type RowsOf = (db: Database, collegeId: number, rollNo: string, titleIds: number[]) => Promise<ResultRow[]>;

/**
 * The student's rows of a published title and of the later published supplementary titles that
 * may replace its failures, in title then course order. Nothing is read for an unknown title.
 */
async function titleRows(db: Database, collegeId: number, rollNo: string, title: string, rowsOf: RowsOf): Promise<LookupRow[]> {
  const titles = await titlesOf(db, collegeId);
  let own: [number, CachedTitle] | undefined;
  for (const entry of titles) if (entry[1].published && entry[1].title === title) own = entry;
  if (!own) return [];
  const ids = [own[0]];
  if (own[1].exam_type === 'regular') {
    for (const [id, t] of titles) if (t.published && t.exam_type === 'supply' && id > own[0]) ids.push(id);
  }
  const rows = await rowsOf(db, collegeId, rollNo, ids);
  const out: LookupRow[] = rows.map((r) => {
    const t = titles.get(r.exam_title_id)!;
    return {
      title_id: r.exam_title_id,
      title: t.title,
      exam_type: t.exam_type,
      course_code: r.course_code,
      course: r.course,
      credits: r.credits,
      grade: r.grade,
      grade_points: r.grade_points,
      status: r.status,
      full_name: r.student_name,
    };
  });
  return out.sort(
    (a, b) => a.title_id - b.title_id || (a.course_code < b.course_code ? -1 : a.course_code > b.course_code ? 1 : 0),
  );
}

/** Builds the view without the view cache (rowsOf: by query, or hotResultsOf). */
export async function buildLookup(
  db: Database,
  collegeId: number,
  rollNo: string,
  title: string,
  rowsOf: RowsOf = repo.resultsOf,
): Promise<{ view: TExamResultView; titleId: number | null }> {
  const built = buildView(await titleRows(db, collegeId, rollNo, title, rowsOf), title, rollNo);
  if (!built) return { view: emptyView(rollNo), titleId: null };
  let view = built.view;
  // Rows written without a name (not through the import) take it from students.
  if (!view.studentName && view.listofRecords.length > 0) {
    const name = (await repo.studentNames(db, collegeId, [view.studentRollNo])).get(view.studentRollNo) ?? '';
    view = { ...view, studentName: name };
  }
  return { view, titleId: built.titleId };
}

// About 1.5 kB a view: 50,000 (two titles of a 20,000-student college, and more) take some 75 MB.
const MAX_VIEWS_PER_COLLEGE = 50_000;
/** An answer asked for: being built, or built (then sent without waiting). */
interface View {
  answer: Promise<Lookup>;
  built?: Lookup;
}
const views = new Map<string, { version: number; byKey: Map<string, View> }>();

/**
 * The answer when it is built and the results version was read within VERSION_TTL_MS, without
 * waiting on anything (results day's repeats); undefined when lookup() must be awaited.
 */
export function lookupNow(db: Database, collegeId: number, rollNo: string, title: string): Lookup | undefined {
  const ck = collegeKey(db, collegeId);
  const version = freshRead(ck)?.value;
  const entry = views.get(ck);
  if (version === undefined || !entry || entry.version !== version) return undefined;
  return entry.byKey.get(`${title}\u0000${rollNo}`)?.built;
}

/**
 * A student's result in a published title, as the public lookup shows it and the marks memo
 * prints it: from the view cache when the results have not changed, else built (hot titles from
 * memory) and cached. Results day asks for the same students over and over; a hit costs no query
 * and no serialization.
 */
export async function lookup(db: Database, collegeId: number, rollNo: string, title: string): Promise<Lookup> {
  const ck = collegeKey(db, collegeId);
  const version = await resultsVersion(db, collegeId);
  let entry = views.get(ck);
  if (!entry || entry.version !== version) views.set(ck, (entry = { version, byKey: new Map() }));
  const key = `${title}\u0000${rollNo}`;
  const hit = entry.byKey.get(key);
  if (hit !== undefined) return hit.answer;
  const answer = buildLookup(db, collegeId, rollNo, title, hotResultsOf).then((b) => ({
    ...b,
    json: JSON.stringify(b.view),
    version,
    etag: `W/"r${version}-${shortTag(`${collegeId}\u0000${key}`)}"`,
    encoded: {},
  }));
  const byKey = entry.byKey;
  if (byKey.size >= MAX_VIEWS_PER_COLLEGE) byKey.delete(byKey.keys().next().value!);
  const view: View = { answer };
  byKey.set(key, view);
  answer.then(
    (built) => (view.built = built),
    () => byKey.get(key) === view && byKey.delete(key),
  );
  return answer;
}

/**
 * 16 characters naming what was asked: two 32-bit FNV-1a hashes. A browser sends back only the
 * tag it kept for the same address, so this need not be a secret or collision-proof, only cheap.
 */
function shortTag(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x2f9a3d17;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(36).padStart(8, '0') + (b >>> 0).toString(36).padStart(8, '0');
}
