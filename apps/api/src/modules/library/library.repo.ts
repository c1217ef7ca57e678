import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB } from '../../db/tables.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import { prepared, preparedIn } from '../../db/prepared.js';
import { readCounter } from '../../lib/counters.js';
import { anyColumnContains, columnStartsWith } from '../../lib/search.js';

/** Kysely queries of the library; no rules here. */
export type Db = Kysely<DB>;

// ---------- titles and copies ----------

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

export const SEARCH_CAP = 1000;

/** Where a search's words must be: anywhere in the record, all in the title, or as a phrase in the title. */
export type MatchScope = 'any' | 'title' | 'phrase';

/** The OPAC's filters that narrow the titles matched (the subject as its words, matched as a phrase). */
export interface TitleFilters {
  itemType?: string;
  subjectWords: string[];
  yearFrom?: number;
  yearTo?: number;
}

/** The full-text expression of a search: FTS5's on SQLite, a tsquery on PostgreSQL (title weight A, subjects B: migration 095). */
function fullTextQuery(pg: boolean, terms: string[], scope: MatchScope, subjectWords: string[]): string | null {
  const parts: string[] = [];
  if (terms.length > 0) {
    if (pg) {
      if (scope === 'any') parts.push(terms.map((t) => `${t}:*`).join(' & '));
      else if (scope === 'title') parts.push(terms.map((t) => `${t}:*A`).join(' & '));
      else parts.push(terms.map((t) => `${t}:A`).join(' <-> '));
    } else if (scope === 'any') parts.push(terms.map((t) => `"${t}"*`).join(' '));
    else if (scope === 'title') parts.push(terms.map((t) => `title : "${t}"*`).join(' AND '));
    else parts.push(`title : "${terms.join(' ')}"`);
  }
  if (subjectWords.length > 0) parts.push(pg ? subjectWords.map((t) => `${t}:B`).join(' <-> ') : `subjects : "${subjectWords.join(' ')}"`);
  if (parts.length === 0) return null;
  return parts.map((p) => `(${p})`).join(pg ? ' & ' : ' AND ');
}

/**
 * Up to SEARCH_CAP + 1 titles (id and title) a search matches in the given scope, narrowed by the
 * filters, in index order: full-text (FTS5 on SQLite, tsvector on PostgreSQL), an ISBN, or
 * everything. One pass over the index that stops past the cap, so a word found in a tenth of a
 * large catalogue costs no sort of thousands of rows; the caller ranks what came back. Terms and
 * subject words are letters and digits only, so no search operator reaches the engine.
 */
export async function titleMatches(
  db: Db,
  collegeId: number,
  q: { terms: string[]; isbn: string | null },
  scope: MatchScope,
  f: TitleFilters,
): Promise<Array<{ id: number; title: string }>> {
  let query = db.selectFrom('library_titles').where('library_titles.college_id', '=', collegeId);
  // On SQLite the full-text index's own rowid order (the same ids): ordering by the table's id
  // would make SQLite walk the table and test every row against the index.
  let order = sql`library_titles.id`;
  if (q.isbn) query = query.where('library_titles.isbn', '=', q.isbn);
  const pg = isPostgres(db);
  const text = fullTextQuery(pg, q.isbn ? [] : q.terms, scope, f.subjectWords);
  if (text && pg) {
    query = query.where(sql<boolean>`library_titles.search @@ to_tsquery('simple', ${text})`);
  } else if (text) {
    // Joined (not `id IN (...)`), so the index drives in rowid order and stops at the limit.
    query = query
      .innerJoin(sql<{ rowid: number }>`library_titles_fts`.as('library_titles_fts'), (j) =>
        j.onRef('library_titles_fts.rowid', '=', 'library_titles.id'),
      )
      .where(sql<boolean>`library_titles_fts MATCH ${text}`);
    order = sql`library_titles_fts.rowid`;
  }
  if (f.itemType) query = query.where('library_titles.item_type', '=', f.itemType);
  if (f.yearFrom !== undefined) query = query.where('library_titles.year', '>=', f.yearFrom);
  if (f.yearTo !== undefined) query = query.where('library_titles.year', '<=', f.yearTo);
  return query
    .select(['library_titles.id', 'library_titles.title'])
    .orderBy(order)
    .limit(SEARCH_CAP + 1)
    .execute();
}

/** Of some titles, those with a copy on the shelf now, in the order given. */
export async function titlesOnShelf(db: Db, collegeId: number, ids: number[]): Promise<number[]> {
  const onShelf = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('library_copies')
      .select('title_id')
      .distinct()
      .where('college_id', '=', collegeId)
      .where('status', '=', 'available')
      .where('title_id', 'in', ids.slice(i, i + 500))
      .execute();
    rows.forEach((r) => onShelf.add(r.title_id));
  }
  return ids.filter((id) => onShelf.has(id));
}

/** The subject headings of a college's titles as catalogued (one row per distinct text), most used first. */
export async function subjectCounts(db: Db, collegeId: number, limit: number) {
  return db
    .selectFrom('library_titles')
    .select(['subjects', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('subjects', '!=', '')
    .groupBy('subjects')
    .orderBy('n', 'desc')
    .limit(limit)
    .execute();
}

// An OPAC page's rows: prepared per page length.
const titlesByIdQuery = preparedIn((db, a: { collegeId: number }, ids: number[]) =>
  db.selectFrom('library_titles').selectAll().where('college_id', '=', a.collegeId).where('id', 'in', ids),
);

/** Titles by id, in the order of `ids`. */
export async function titlesInOrder(db: Db, collegeId: number, ids: number[]) {
  const rows = await titlesByIdQuery.all(db, { collegeId }, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The college's catalogue version: the database bumps it on every change to its titles (migration 087). */
export const catalogueVersion = (db: Db, collegeId: number) => readCounter(db, collegeId, 'catalogue');

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

/** The next number of a per-college counter, allocated atomically inside the caller's transaction. */
/** The next number of a per-college counter (accession numbers, patron codes). */
export { nextCounter } from '../../lib/counters.js';

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

// ---------- patrons ----------

const studentByRollQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  db
    .selectFrom('students')
    .leftJoin('courses', (j) =>
      j.onRef('courses.name', '=', 'students.course').onRef('courses.college_id', '=', 'students.college_id'),
    )
    .select([
      'students.id',
      'students.roll_no',
      'students.full_name',
      'students.course',
      'students.batch',
      'students.branch',
      'students.semester',
      'students.mobile',
      'students.email',
      'courses.level',
    ])
    .where('students.college_id', '=', a.collegeId)
    .where('students.roll_no', '=', a.rollNo),
);

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return studentByRollQuery.first(db, { collegeId, rollNo });
}

export async function facultyByEmp(db: Db, collegeId: number, empCode: string) {
  return db
    .selectFrom('faculty')
    .select(['id', 'emp_code', 'full_name', 'email', 'department', 'designation'])
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .executeTakeFirst();
}

export async function staffUserByEmp(db: Db, collegeId: number, empCode: string) {
  return db
    .selectFrom('users')
    .select(['id', 'emp_code', 'full_name', 'email', 'program', 'faculty_id'])
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .executeTakeFirst();
}

export async function userLinks(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('students', 'students.id', 'users.student_id')
    .leftJoin('faculty', 'faculty.id', 'users.faculty_id')
    .select(['users.emp_code', 'students.roll_no', 'faculty.emp_code as faculty_emp'])
    .where('users.college_id', '=', collegeId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Patrons whose roll number or employee code starts with, or whose name contains, what the desk typed: a few of each kind. */
export async function patronsMatching(db: Db, collegeId: number, typed: string, limit: number) {
  const [students, faculty, staff] = await Promise.all([
    db
      .selectFrom('students')
      .select(['roll_no as code', 'full_name as name', 'course', 'branch', 'semester', 'batch'])
      .where('college_id', '=', collegeId)
      .where((eb) => eb.or([columnStartsWith('roll_no', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('roll_no')
      .limit(limit)
      .execute(),
    db
      .selectFrom('faculty')
      .select(['emp_code as code', 'full_name as name', 'designation', 'department'])
      .where('college_id', '=', collegeId)
      .where((eb) => eb.or([columnStartsWith('emp_code', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('emp_code')
      .limit(limit)
      .execute(),
    // Staff with an employee code but no faculty record (the desk finds them by that code too).
    db
      .selectFrom('users')
      .select(['emp_code as code', 'full_name as name', 'program'])
      .where('college_id', '=', collegeId)
      .where('faculty_id', 'is', null)
      .where('emp_code', 'is not', null)
      .where('emp_code', '!=', '')
      .where((eb) => eb.or([columnStartsWith('emp_code', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('emp_code')
      .limit(limit)
      .execute(),
  ]);
  return { students, faculty, staff };
}

const patronOverrideQuery = prepared((db, a: { collegeId: number; code: string }) =>
  db.selectFrom('library_patrons').selectAll().where('college_id', '=', a.collegeId).where('patron_code', '=', a.code),
);

export async function patronOverride(db: Db, collegeId: number, code: string) {
  return patronOverrideQuery.first(db, { collegeId, code });
}

/** Roll numbers of a batch's students (for a sheet of library cards), in roll order. */
export async function rollsOfBatch(db: Db, collegeId: number, batch: string, limit: number) {
  const rows = await db
    .selectFrom('students')
    .select('roll_no')
    .where('college_id', '=', collegeId)
    .where('batch', '=', batch)
    .orderBy('roll_no')
    .limit(limit)
    .execute();
  return rows.map((r) => r.roll_no);
}

export interface OverrideValues {
  category: string | null;
  expires_on: string | null;
  max_loans: number | null;
  loan_days: number | null;
  renewals: number | null;
  hold_limit: number | null;
  ends_on: string | null;
  reason: string;
  updated_at: string;
}

export async function saveOverride(db: Db, collegeId: number, code: string, v: OverrideValues) {
  await db
    .insertInto('library_patrons')
    .values({ college_id: collegeId, patron_code: code, ...v })
    .onConflict((oc) => oc.columns(['college_id', 'patron_code']).doUpdateSet(v))
    .execute();
}

export async function deleteOverride(db: Db, collegeId: number, code: string) {
  const res = await db
    .deleteFrom('library_patrons')
    .where('college_id', '=', collegeId)
    .where('patron_code', '=', code)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Overrides of several patrons (for lists of loans). */
const overridesQuery = preparedIn((db, a: { collegeId: number }, codes: string[]) =>
  db.selectFrom('library_patrons').selectAll().where('college_id', '=', a.collegeId).where('patron_code', 'in', codes),
);

/** Patrons' overrides by code (every loan list and desk answer reads them): prepared per count. */
export async function overridesOf(db: Db, collegeId: number, codes: string[]) {
  return overridesQuery.all(db, { collegeId }, [...new Set(codes)].slice(0, 1000));
}

export async function categories(db: Db, collegeId: number) {
  return db.selectFrom('library_categories').selectAll().where('college_id', '=', collegeId).orderBy('id').execute();
}

/** Names by code from one register (students by roll number, faculty and users by employee code). */
const namesQuery = (table: 'students' | 'faculty' | 'users', code: 'roll_no' | 'emp_code') =>
  preparedIn((db, a: { collegeId: number }, codes: string[]) =>
    db
      .selectFrom(table)
      .select((eb) => [eb.ref(code).as('code'), 'full_name'])
      .where('college_id', '=', a.collegeId)
      .where(code, 'in', codes),
  );
const studentNamesQuery = namesQuery('students', 'roll_no');
const facultyNamesQuery = namesQuery('faculty', 'emp_code');
const userNamesQuery = namesQuery('users', 'emp_code');

/**
 * Names of patrons by code, for lists (students by roll number; faculty and staff users by employee
 * code). `kind`, when all are known to be students or all staff, reads that side only.
 */
export async function patronNames(db: Db, collegeId: number, codes: string[], kind?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(codes)];
  const none = Promise.resolve([] as { code: string | null; full_name: string }[]);
  for (let i = 0; i < unique.length; i += 500) {
    const part = unique.slice(i, i + 500);
    const [s, f, u] = await Promise.all([
      kind === 'staff' ? none : studentNamesQuery.all(db, { collegeId }, part),
      kind === 'student' ? none : facultyNamesQuery.all(db, { collegeId }, part),
      kind === 'student' ? none : userNamesQuery.all(db, { collegeId }, part),
    ]);
    for (const r of [...u, ...f, ...s]) if (r.code) out.set(r.code, r.full_name);
  }
  return out;
}

// ---------- rules ----------

export async function rules(db: Db, collegeId: number) {
  return db
    .selectFrom('library_rules')
    .selectAll()
    .where('college_id', '=', collegeId)
    .orderBy('category')
    .orderBy('item_type')
    .execute();
}

export async function rulesFor(db: Db, collegeId: number, category: string, itemType: string) {
  return db
    .selectFrom('library_rules')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('category', 'in', [category, '*'])
    .where('item_type', 'in', [itemType, '*'])
    .execute();
}

// ---------- loans ----------

/**
 * An open loan, written into the SQL rather than bound: a parameter compared with the partial
 * index's `status = 'open'` makes SQLite plan the statement again every time it is bound (80 µs
 * instead of 12 µs for a loan with its copy and title).
 */
export const OPEN = sql.lit('open');

const loanColumns = [
  'library_loans.id',
  'library_loans.copy_id',
  'library_loans.title_id',
  'library_loans.patron_code',
  'library_loans.patron_kind',
  'library_loans.student_id',
  'library_loans.category',
  'library_loans.issued_on',
  'library_loans.due_on',
  'library_loans.returned_on',
  'library_loans.renewals',
  'library_loans.status',
  'library_copies.accession_no',
  'library_copies.price',
  'library_titles.title',
  'library_titles.item_type',
] as const;

function loans(db: Db, collegeId: number) {
  return db
    .selectFrom('library_loans')
    .innerJoin('library_copies', 'library_copies.id', 'library_loans.copy_id')
    .innerJoin('library_titles', 'library_titles.id', 'library_loans.title_id')
    .select(loanColumns)
    .where('library_loans.college_id', '=', collegeId);
}
export type LoanRow = Awaited<ReturnType<typeof loanById>> & {};

const loanByIdQuery = prepared((db, a: { collegeId: number; id: number }) =>
  loans(db, a.collegeId).where('library_loans.id', '=', a.id),
);
const openLoanOfCopyQuery = prepared((db, a: { collegeId: number; copyId: number }) =>
  loans(db, a.collegeId).where('library_loans.copy_id', '=', a.copyId).where('library_loans.status', '=', OPEN),
);
const openLoansOfQuery = prepared((db, a: { collegeId: number; patron: string }) =>
  loans(db, a.collegeId)
    .where('library_loans.patron_code', '=', a.patron)
    .where('library_loans.status', '=', OPEN)
    .orderBy('library_loans.due_on'),
);

export async function loanById(db: Db, collegeId: number, id: number) {
  return loanByIdQuery.first(db, { collegeId, id });
}

export async function openLoanOfCopy(db: Db, collegeId: number, copyId: number) {
  return openLoanOfCopyQuery.first(db, { collegeId, copyId });
}

export async function openLoansOf(db: Db, collegeId: number, patron: string) {
  return openLoansOfQuery.all(db, { collegeId, patron });
}

/** How many books a student has out now (any patron code of theirs). */
export async function openLoanCountOfStudent(db: Db, collegeId: number, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('library_loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('status', '=', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function historyOf(db: Db, collegeId: number, patron: string, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.patron_code', '=', patron)
    .where('library_loans.status', '!=', 'open')
    .orderBy('library_loans.id', 'desc')
    .limit(limit)
    .execute();
}

export async function loansOfCopy(db: Db, collegeId: number, copyId: number, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.copy_id', '=', copyId)
    .orderBy('library_loans.id', 'desc')
    .limit(limit)
    .execute();
}

export async function overdueLoans(db: Db, collegeId: number, today: string, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.status', '=', OPEN)
    .where('library_loans.due_on', '<', today)
    .orderBy('library_loans.due_on')
    .limit(limit)
    .execute();
}

type LoanInsert = Omit<DB['library_loans'], 'id'>;
const insertLoanQuery = prepared((db, a: LoanInsert) =>
  db
    .insertInto('library_loans')
    .values({
      college_id: a.college_id,
      copy_id: a.copy_id,
      title_id: a.title_id,
      patron_code: a.patron_code,
      patron_kind: a.patron_kind,
      student_id: a.student_id,
      category: a.category,
      issued_on: a.issued_on,
      due_on: a.due_on,
      returned_on: a.returned_on,
      renewals: a.renewals,
      status: a.status,
      issued_by: a.issued_by,
      returned_by: a.returned_by,
      created_at: a.created_at,
    })
    .returning('id'),
);

export async function insertLoan(db: Db, row: LoanInsert) {
  return (await insertLoanQuery.first(db, row))!;
}

const closeLoanQuery = prepared((db, a: { collegeId: number; id: number; status: string; on: string; by: number | null }) =>
  db
    .updateTable('library_loans')
    .set({ status: a.status, returned_on: a.on, returned_by: a.by })
    .where('college_id', '=', a.collegeId)
    .where('id', '=', a.id)
    .where('status', '=', OPEN),
);

/** Closes an open loan; false when it was no longer open (a second return of the same copy). */
export async function closeLoan(db: Db, collegeId: number, id: number, status: string, on: string, by: number | null) {
  return (await closeLoanQuery.changes(db, { collegeId, id, status, on, by })) === 1;
}

export async function renewLoan(db: Db, collegeId: number, id: number, renewalsBefore: number, dueOn: string) {
  const res = await db
    .updateTable('library_loans')
    .set({ due_on: dueOn, renewals: renewalsBefore + 1 })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', OPEN)
    .where('renewals', '=', renewalsBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---------- holds ----------

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

// ---------- fines ----------

function fines(db: Db, collegeId: number) {
  return db
    .selectFrom('library_fines')
    .leftJoin('library_loans', 'library_loans.id', 'library_fines.loan_id')
    .leftJoin('library_copies', 'library_copies.id', 'library_loans.copy_id')
    .leftJoin('library_titles', 'library_titles.id', 'library_loans.title_id')
    .selectAll('library_fines')
    .select(['library_titles.title', 'library_copies.accession_no'])
    .where('library_fines.college_id', '=', collegeId);
}
export type FineRow = NonNullable<Awaited<ReturnType<typeof fineById>>>;

export async function fineById(db: Db, collegeId: number, id: number) {
  return fines(db, collegeId).where('library_fines.id', '=', id).executeTakeFirst();
}

export async function finesOf(db: Db, collegeId: number, patron: string) {
  return fines(db, collegeId)
    .where('library_fines.patron_code', '=', patron)
    .orderBy('library_fines.id', 'desc')
    .limit(200)
    .execute();
}

/** What is owed on the college's open fines (narrowed by the caller). */
const unpaidFines = (db: Db, collegeId: number) =>
  db
    .selectFrom('library_fines')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`amount - paid_amount - waived_amount`), sql<number>`0`).as('total'))
    .where('college_id', '=', collegeId)
    .where('status', 'in', OPEN_FINE);
const unpaidOfPatronQuery = prepared((db, a: { collegeId: number; patron: string }) =>
  unpaidFines(db, a.collegeId).where('patron_code', '=', a.patron),
);

export async function unpaidTotal(db: Db, collegeId: number, where: { patron?: string; studentId?: number }) {
  if (where.patron !== undefined && where.studentId === undefined) {
    return Number((await unpaidOfPatronQuery.first(db, { collegeId, patron: where.patron }))?.total ?? 0);
  }
  let q = unpaidFines(db, collegeId);
  if (where.patron !== undefined) q = q.where('patron_code', '=', where.patron);
  if (where.studentId !== undefined) q = q.where('student_id', '=', where.studentId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertFine(db: Db, row: Insertable<DB['library_fines']>) {
  return db.insertInto('library_fines').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Fines with something still owed. */
export const OPEN_FINE = ['unpaid', 'part_paid'];

/** Settles a fine the library keeps on its own (a staff member's) only while it is still open. */
export async function settleFine(db: Db, collegeId: number, id: number, set: Updateable<DB['library_fines']>) {
  const res = await db
    .updateTable('library_fines')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', 'in', OPEN_FINE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Writes what the ledger says was paid and waived on a fine (and the status that follows). */
export async function updateFine(db: Db, collegeId: number, id: number, set: Updateable<DB['library_fines']>) {
  await db.updateTable('library_fines').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function finesByIds(db: Db, collegeId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('library_fines')
    .select(['id', 'amount', 'status', 'paid_at'])
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}

/** Students' fines of a college, oldest first (for posting the ones an older version never posted). */
export async function studentFines(db: Db, collegeId: number) {
  return db
    .selectFrom('library_fines')
    .select(['id', 'student_id', 'amount', 'status', 'paid_amount', 'waived_amount', 'receipt_no', 'paid_at', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('student_id', 'is not', null)
    .where('amount', '>', 0)
    .orderBy('id')
    .execute();
}

// ---------- figures ----------

export async function stats(db: Db, collegeId: number, today: string) {
  const count = async (
    table: 'library_titles' | 'library_copies' | 'library_loans' | 'library_holds',
    where: { status?: string; dueBefore?: string } = {},
  ) => {
    let q = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId);
    if (where.status) q = q.where('status', '=', where.status);
    if (where.dueBefore) q = q.where('due_on', '<', where.dueBefore);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const [titles, copies, onLoan, overdue, holdsWaiting, holdShelf] = await Promise.all([
    count('library_titles'),
    count('library_copies'),
    count('library_loans', { status: 'open' }),
    count('library_loans', { status: 'open', dueBefore: today }),
    count('library_holds', { status: 'waiting' }),
    count('library_holds', { status: 'ready' }),
  ]);
  return { titles, copies, onLoan, overdue, holdsWaiting, holdShelf };
}

/** A unique index refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// ---------- NAAC / NIRF inputs ----------

/** Every copy with its title (acquisitions and their cost) and loans counted per month. */
export async function naacCopies(db: Db, collegeId: number) {
  return db
    .selectFrom('library_copies as c')
    .innerJoin('library_titles as t', 't.id', 'c.title_id')
    .select(['c.id', 'c.accession_no', 'c.price', 'c.vendor', 'c.acquired_on', 't.title', 't.item_type'])
    .where('c.college_id', '=', collegeId)
    .orderBy('c.acquired_on')
    .orderBy('c.accession_no')
    .execute();
}

export async function naacLoansByMonth(db: Db, collegeId: number) {
  const month = sql<string>`substr(issued_on, 1, 7)`;
  return db
    .selectFrom('library_loans')
    .select([month.as('month'), sql<number>`count(*)`.as('loans')])
    .where('college_id', '=', collegeId)
    .groupBy(month)
    .execute();
}
