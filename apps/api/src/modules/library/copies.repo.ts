import type { DB } from '../../db/tables.js';
import { prepared } from '../../db/prepared.js';
import { OPEN } from './circulation.repo.js';
import type { Db } from '../../db/index.js';

/** Queries of the copies on the shelves (accessioning, status moves, labels); no rules here. */

export async function copiesOfTitle(db: Db, collegeId: number, titleId: number) {
  return db
    .selectFrom('library_copies')
    .leftJoin('library_loans', (j) =>
      j.onRef('library_loans.copy_id', '=', 'library_copies.id').on('library_loans.status', '=', OPEN),
    )
    .selectAll('library_copies')
    .select('library_loans.due_on')
    .where('library_copies.college_id', '=', collegeId)
    .where('library_copies.title_id', '=', titleId)
    .orderBy('library_copies.accession_no')
    .execute();
}

/** A copy of the college with its title's name and item type. */
function copyWithTitle(db: Db, collegeId: number) {
  return db
    .selectFrom('library_copies')
    .innerJoin('library_titles', 'library_titles.id', 'library_copies.title_id')
    .selectAll('library_copies')
    .select(['library_titles.title', 'library_titles.item_type'])
    .where('library_copies.college_id', '=', collegeId);
}

// The desk's queries are prepared (db/prepared.ts): built and compiled once, run per scan.
const copyByAccessionQuery = prepared((db, a: { collegeId: number; accessionNo: string }) =>
  copyWithTitle(db, a.collegeId).where('library_copies.accession_no', '=', a.accessionNo),
);

export async function copyByAccession(db: Db, collegeId: number, accessionNo: string) {
  return copyByAccessionQuery.first(db, { collegeId, accessionNo });
}

export async function copyById(db: Db, collegeId: number, id: number) {
  return copyWithTitle(db, collegeId).where('library_copies.id', '=', id).executeTakeFirst();
}

export async function existingAccessions(db: Db, collegeId: number, accessions: string[]) {
  const out = new Set<string>();
  for (let i = 0; i < accessions.length; i += 500) {
    const rows = await db
      .selectFrom('library_copies')
      .select('accession_no')
      .where('college_id', '=', collegeId)
      .where('accession_no', 'in', accessions.slice(i, i + 500))
      .execute();
    rows.forEach((r) => out.add(r.accession_no));
  }
  return out;
}

export async function insertCopies(db: Db, rows: Array<Omit<DB['library_copies'], 'id'>>) {
  const out = [];
  for (let i = 0; i < rows.length; i += 200) {
    out.push(
      ...(await db
        .insertInto('library_copies')
        .values(rows.slice(i, i + 200))
        .returningAll()
        .execute()),
    );
  }
  return out;
}

export async function updateCopy(db: Db, collegeId: number, id: number, row: Partial<Omit<DB['library_copies'], 'id'>>) {
  // An UPDATE with nothing to SET is not SQL: the database would refuse it.
  if (!Object.keys(row).length) return;
  await db.updateTable('library_copies').set(row).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

const setCopyStatusQuery = prepared((db, a: { collegeId: number; id: number; status: string; holdId: number | null }) =>
  db
    .updateTable('library_copies')
    .set({ status: a.status, hold_id: a.holdId })
    .where('college_id', '=', a.collegeId)
    .where('id', '=', a.id),
);

/** A copy's status and the hold it is kept for (returns, holds, losses): prepared. */
export async function setCopyStatus(db: Db, collegeId: number, id: number, status: string, holdId: number | null) {
  await setCopyStatusQuery.changes(db, { collegeId, id, status, holdId });
}

const moveCopyFromStatusQuery = prepared(
  (db, a: { collegeId: number; copyId: number; from: string; status: string; holdId: number | null }) =>
    db
      .updateTable('library_copies')
      .set({ status: a.status, hold_id: a.holdId })
      .where('college_id', '=', a.collegeId)
      .where('id', '=', a.copyId)
      .where('status', '=', a.from),
);

/** Moves a copy from one status to another only if it still has the expected one: true when it did. */
export async function moveCopy(
  db: Db,
  collegeId: number,
  copyId: number,
  from: { status: string; holdId?: number | null }[],
  to: { status: string; hold_id: number | null },
): Promise<boolean> {
  // Each issue and return moves a copy from one status: prepared.
  if (from.length === 1 && from[0].holdId === undefined) {
    const args = { collegeId, copyId, from: from[0].status, status: to.status, holdId: to.hold_id };
    return (await moveCopyFromStatusQuery.changes(db, args)) === 1;
  }
  const res = await db
    .updateTable('library_copies')
    .set(to)
    .where('college_id', '=', collegeId)
    .where('id', '=', copyId)
    .where((eb) =>
      eb.or(
        from.map((f) =>
          f.holdId === undefined
            ? eb('status', '=', f.status)
            : eb.and([eb('status', '=', f.status), eb('hold_id', '=', f.holdId)]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function copiesInRange(db: Db, collegeId: number, from: string, to: string, limit: number) {
  return db
    .selectFrom('library_copies')
    .innerJoin('library_titles', 'library_titles.id', 'library_copies.title_id')
    .select(['library_copies.accession_no', 'library_titles.title', 'library_titles.call_number'])
    .where('library_copies.college_id', '=', collegeId)
    .where('library_copies.accession_no', '>=', from)
    .where('library_copies.accession_no', '<=', to)
    .orderBy('library_copies.accession_no')
    .limit(limit)
    .execute();
}
