import type { Database } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';

export type CalendarRow = { id: number; title: string; kind: string; start_date: string; end_date: string; description: string };

const columns = ['id', 'title', 'kind', 'start_date', 'end_date', 'description'] as const;

/** Entries overlapping [from, to] (either end open), earliest first. */
export function list(db: Database, collegeId: number, f: { from?: string; to?: string; kind?: string }): Promise<CalendarRow[]> {
  let q = db.selectFrom('calendar_events').select(columns).where('college_id', '=', collegeId).where('retired', '=', 0);
  if (f.from) q = q.where('end_date', '>=', f.from);
  if (f.to) q = q.where('start_date', '<=', f.to);
  if (f.kind) q = q.where('kind', '=', f.kind);
  return q.orderBy('start_date').orderBy('id').execute();
}

// Asked on every due date the library works out: built and compiled once (db/prepared.ts).
const holidayRangesQuery = prepared((db, a: { collegeId: number; from: string; to: string }) =>
  db
    .selectFrom('calendar_events')
    .select(['start_date', 'end_date'])
    .where('college_id', '=', a.collegeId)
    .where('retired', '=', 0)
    .where('kind', '=', 'holiday')
    .where('end_date', '>=', a.from)
    .where('start_date', '<=', a.to),
);

export function holidayRanges(db: Database, collegeId: number, from: string, to: string) {
  return holidayRangesQuery.all(db, { collegeId, from, to });
}

export function byId(db: Database, collegeId: number, id: number): Promise<CalendarRow | undefined> {
  return db
    .selectFrom('calendar_events')
    .select(columns)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('retired', '=', 0)
    .executeTakeFirst();
}

export type CalendarValues = { title: string; kind: string; start_date: string; end_date: string; description: string };

export async function insert(db: Database, collegeId: number, v: CalendarValues, now: string): Promise<number> {
  const row = await db
    .insertInto('calendar_events')
    .values({ ...v, college_id: collegeId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function update(db: Database, collegeId: number, id: number, v: CalendarValues): Promise<boolean> {
  const r = await db
    .updateTable('calendar_events')
    .set(v)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('retired', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function retire(db: Database, collegeId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable('calendar_events')
    .set({ retired: 1 })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('retired', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
