import type { DB } from '../../db/tables.js';
import { preparedIn } from '../../db/prepared.js';
import type { Db } from '../../db/index.js';

/** Queries of the catalogue's titles and their copy figures; no rules here. */

export async function titleById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('library_titles').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function titleByIsbn(db: Db, collegeId: number, isbn: string) {
  return db
    .selectFrom('library_titles')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('isbn', '=', isbn)
    .executeTakeFirst();
}

export async function titlesByIsbn(db: Db, collegeId: number, isbns: string[]) {
  if (isbns.length === 0) return [];
  const out = [];
  for (let i = 0; i < isbns.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('library_titles')
        .select(['id', 'isbn'])
        .where('college_id', '=', collegeId)
        .where('isbn', 'in', isbns.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

export async function insertTitle(db: Db, row: Omit<DB['library_titles'], 'id'> & { id?: never }) {
  return db.insertInto('library_titles').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateTitle(db: Db, collegeId: number, id: number, row: Partial<Omit<DB['library_titles'], 'id'>>) {
  await db.updateTable('library_titles').set(row).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

// Read for every OPAC page shown (copies and holds change with each loan, so they are never
// kept): prepared per page length (db/prepared.ts).
const copyCountsQuery = preparedIn((db, a: { collegeId: number }, ids: number[]) =>
  db
    .selectFrom('library_copies')
    .select(['title_id', 'status', 'shelf_location', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', a.collegeId)
    .where('title_id', 'in', ids)
    .groupBy(['title_id', 'status', 'shelf_location']),
);
const waitingHoldsQuery = preparedIn((db, a: { collegeId: number }, ids: number[]) =>
  db
    .selectFrom('library_holds')
    .select(['title_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', a.collegeId)
    .where('title_id', 'in', ids)
    .where('status', '=', 'waiting')
    .groupBy('title_id'),
);

/** Copy counts, shelves and waiting holds of some titles. */
export async function copyFigures(db: Db, collegeId: number, titleIds: number[]) {
  const [copies, holds] = await Promise.all([
    copyCountsQuery.all(db, { collegeId }, titleIds),
    waitingHoldsQuery.all(db, { collegeId }, titleIds),
  ]);
  return { copies, holds };
}
