import type { Database } from '../../db/index.js';
import * as repo from './results.repo.js';
import type { ResultRow } from './results.repo.js';
import { collegeKey, resultsVersion } from './results.version.js';

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
