import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { OnlineApplicationFilesTable, OnlineApplicationsTable } from '../../db/tables.js';
import { nextCounter } from '../../lib/counters.js';

export type ApplicationRow = Selectable<OnlineApplicationsTable>;
export type FileRow = Selectable<OnlineApplicationFilesTable>;

/** Reserves the college's next application number inside the caller's transaction. */
export function nextApplicationSeq(db: Db, collegeId: number): Promise<number> {
  return nextCounter(db, collegeId, 'online_application');
}

export async function insert(db: Db, row: Insertable<OnlineApplicationsTable>): Promise<number> {
  const r = await db.insertInto('online_applications').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertFiles(db: Db, rows: Array<Insertable<OnlineApplicationFilesTable>>) {
  if (rows.length) await db.insertInto('online_application_files').values(rows).execute();
}

export async function pendingByAadhar(db: Db, collegeId: number, aadhar: string) {
  return db
    .selectFrom('online_applications')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('aadhar_no', '=', aadhar)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function byNumber(db: Db, collegeId: number, number: string) {
  return db
    .selectFrom('online_applications')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('application_no', '=', number)
    .executeTakeFirst();
}

export async function byId(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('online_applications')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the queue, newest first, with the total the filters match. */
export async function page(db: Db, collegeId: number, f: { status: string; q: string; page: number; pageSize: number }) {
  let q = db.selectFrom('online_applications').where('college_id', '=', collegeId);
  if (f.status !== 'all') q = q.where('status', '=', f.status);
  if (f.q) {
    const lower = `%${f.q.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['application_no']), 'like', lower),
        eb(eb.fn('lower', ['name']), 'like', lower),
        eb('mobile', 'like', lower),
        eb(eb.fn('lower', ['course']), 'like', lower),
        eb(eb.fn('lower', ['branch']), 'like', lower),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function filesOf(db: Db, collegeId: number, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  return db
    .selectFrom('online_application_files')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
}

export async function file(db: Db, collegeId: number, applicationId: number, fileId: number) {
  return db
    .selectFrom('online_application_files')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('application_id', '=', applicationId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Decides a pending application; 0 when it was no longer pending (another clerk was quicker). */
export async function decide(
  db: Db,
  collegeId: number,
  id: number,
  values: Pick<OnlineApplicationsTable, 'status' | 'decided_by' | 'decided_at'> & {
    reason?: string;
    admission_id?: number | null;
    admission_no?: string | null;
  },
): Promise<number> {
  const r = await db
    .updateTable('online_applications')
    .set(values)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
