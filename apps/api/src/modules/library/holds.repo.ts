import type { DB } from '../../db/tables.js';
import { prepared } from '../../db/prepared.js';
import type { Db } from '../../db/index.js';

/** Queries of holds (the queue of a title, the hold shelf); no rules here. */

const holdColumns = [
  'library_holds.id',
  'library_holds.title_id',
  'library_holds.patron_code',
  'library_holds.patron_kind',
  'library_holds.status',
  'library_holds.copy_id',
  'library_holds.placed_at',
  'library_holds.ready_on',
  'library_holds.expires_on',
  'library_titles.title',
  'library_copies.accession_no',
] as const;

function holds(db: Db, collegeId: number) {
  return db
    .selectFrom('library_holds')
    .innerJoin('library_titles', 'library_titles.id', 'library_holds.title_id')
    .leftJoin('library_copies', 'library_copies.id', 'library_holds.copy_id')
    .select(holdColumns)
    .where('library_holds.college_id', '=', collegeId);
}
export type HoldRow = NonNullable<Awaited<ReturnType<typeof holdById>>>;

export async function holdById(db: Db, collegeId: number, id: number) {
  return holds(db, collegeId).where('library_holds.id', '=', id).executeTakeFirst();
}

export async function activeHoldsOf(db: Db, collegeId: number, patron: string) {
  return holds(db, collegeId)
    .where('library_holds.patron_code', '=', patron)
    .where('library_holds.status', 'in', ['waiting', 'ready'])
    .orderBy('library_holds.placed_at')
    .execute();
}

export async function holdsByStatus(db: Db, collegeId: number, status: string, limit: number) {
  return holds(db, collegeId)
    .where('library_holds.status', '=', status)
    .orderBy(status === 'expired' ? 'library_holds.closed_at' : 'library_holds.placed_at', status === 'expired' ? 'desc' : 'asc')
    .orderBy('library_holds.id')
    .limit(limit)
    .execute();
}

const waitingHolds = (db: Db, collegeId: number, titleId: number) =>
  holds(db, collegeId)
    .where('library_holds.title_id', '=', titleId)
    .where('library_holds.status', '=', 'waiting')
    .orderBy('library_holds.placed_at')
    .orderBy('library_holds.id');
// Every return asks whether anybody waits for the title: prepared.
const firstWaitingHoldQuery = prepared((db, a: { collegeId: number; titleId: number }) =>
  waitingHolds(db, a.collegeId, a.titleId),
);
const firstWaitingHoldExceptQuery = prepared((db, a: { collegeId: number; titleId: number; exceptPatron: string }) =>
  waitingHolds(db, a.collegeId, a.titleId).where('library_holds.patron_code', '!=', a.exceptPatron),
);

/** The first waiting hold of a title: first come, first served. */
export async function firstWaitingHold(db: Db, collegeId: number, titleId: number, exceptPatron?: string) {
  return exceptPatron
    ? firstWaitingHoldExceptQuery.first(db, { collegeId, titleId, exceptPatron })
    : firstWaitingHoldQuery.first(db, { collegeId, titleId });
}

export async function queuePosition(db: Db, collegeId: number, titleId: number, placedAt: string, id: number) {
  const row = await db
    .selectFrom('library_holds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('title_id', '=', titleId)
    .where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('placed_at', '<', placedAt), eb.and([eb('placed_at', '=', placedAt), eb('id', '<', id)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

export async function expiredReadyHolds(db: Db, collegeId: number, today: string) {
  return db
    .selectFrom('library_holds')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('status', '=', 'ready')
    .where('expires_on', '<', today)
    .orderBy('expires_on')
    .limit(500)
    .execute();
}

export async function insertHold(db: Db, row: Omit<DB['library_holds'], 'id'>) {
  return db.insertInto('library_holds').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Changes a hold's status only from the expected one; true when it did. */
export async function moveHold(
  db: Db,
  collegeId: number,
  id: number,
  from: string[],
  set: Partial<Omit<DB['library_holds'], 'id'>>,
) {
  const res = await db
    .updateTable('library_holds')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const waitingHoldOfQuery = prepared((db, a: { collegeId: number; titleId: number; patron: string }) =>
  db
    .selectFrom('library_holds')
    .select(['id', 'status'])
    .where('college_id', '=', a.collegeId)
    .where('title_id', '=', a.titleId)
    .where('patron_code', '=', a.patron)
    .where('status', 'in', ['waiting', 'ready']),
);

export async function waitingHoldOf(db: Db, collegeId: number, titleId: number, patron: string) {
  return waitingHoldOfQuery.first(db, { collegeId, titleId, patron });
}
