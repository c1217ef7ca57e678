import { z } from 'zod';
import {
  LIBRARY_MSG,
  toIsbn13,
  ZTitleInput,
  ZTitleSearch,
  type TCopy,
  type TOpacSubjects,
  type TOpacTitle,
  type TTitle,
  type TTitleDetail,
  type TTitleList,
} from '@erp/shared';
import { nowIso, type Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import type { RequestUser } from '../../plugins/types.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import * as catalogueRepo from './catalogue.repo.js';
import * as copiesRepo from './copies.repo.js';
import type { Db } from '../../db/index.js';
import { searchPage, subjectsOf } from './search-cache.js';

/** Titles and what the OPAC shows of them. A title with an ISBN already catalogued merges into it. */

type TitleRow = NonNullable<Awaited<ReturnType<typeof catalogueRepo.titleById>>>;
type TitleInput = z.output<typeof ZTitleInput>;

/** A title's catalogue columns from the form: what a new title is inserted with and what an edit sets. */
const titleColumns = (t: TitleInput) => ({
  title: t.title,
  subtitle: t.subtitle,
  authors: t.authors,
  isbn: t.isbn ? toIsbn13(t.isbn) : null,
  publisher: t.publisher,
  year: t.year,
  edition: t.edition,
  subjects: t.subjects,
  call_number: t.callNumber,
  language: t.language,
  pages: t.pages,
  item_type: t.itemType,
});

/** A new title's row (the catalogue import inserts the same). */
export const titleRow = (collegeId: number, t: TitleInput, now: string) => ({
  college_id: collegeId,
  ...titleColumns(t),
  created_at: now,
  updated_at: now,
});

/** Copies no longer in the collection: the OPAC leaves them out, and they count in no figure of the title. */
const GONE = ['lost', 'withdrawn'];

export async function titleViews(db: Db, collegeId: number, rows: TitleRow[]): Promise<TTitle[]> {
  const { copies, holds } = await catalogueRepo.copyFigures(
    db,
    collegeId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = copies.filter((c) => c.title_id === r.id);
    const usable = mine.filter((c) => !GONE.includes(c.status));
    return {
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      authors: r.authors,
      isbn: r.isbn,
      publisher: r.publisher,
      year: r.year,
      edition: r.edition,
      subjects: r.subjects,
      callNumber: r.call_number,
      language: r.language,
      pages: r.pages,
      itemType: r.item_type,
      copies: usable.reduce((s, c) => s + Number(c.n), 0),
      available: mine.filter((c) => c.status === 'available').reduce((s, c) => s + Number(c.n), 0),
      shelfLocations: [
        ...new Set(mine.filter((c) => c.status === 'available' && c.shelf_location).map((c) => c.shelf_location)),
      ].sort(),
      holds: Number(holds.find((h) => h.title_id === r.id)?.n ?? 0),
    };
  });
}

/** Words for the full-text index: letters and digits only, so no search operator reaches the engine. */
export function searchTerms(q: string): { terms: string[]; isbn: string | null } {
  const compact = q.replace(/[\s-]/g, '');
  if (/^\d{9}[\dXx]$|^97[89]\d{10}$/.test(compact)) {
    const isbn = toIsbn13(compact);
    if (isbn) return { terms: [], isbn };
  }
  const terms = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return { terms, isbn: null };
}

export async function search(db: Database, collegeId: number, q: z.output<typeof ZTitleSearch>): Promise<TTitleList> {
  const page = { offset: (q.page - 1) * q.pageSize, limit: q.pageSize };
  const filters = {
    itemType: q.type,
    subjectWords: q.subject ? searchTerms(q.subject).terms : [],
    yearFrom: q.yearFrom,
    yearTo: q.yearTo,
    available: q.available,
  };
  const { rows, total, capped } = await searchPage(db, collegeId, searchTerms(q.q), filters, page);
  return { total, capped, items: await titleViews(db, collegeId, rows) };
}

/** The subjects the OPAC offers as a filter. */
export async function opacSubjects(db: Database, collegeId: number): Promise<TOpacSubjects> {
  return { subjects: await subjectsOf(db, collegeId) };
}

/** The OPAC's title page: every field, and each copy in the collection with its status and due date (no price or vendor). */
export async function opacTitle(db: Db, collegeId: number, id: number): Promise<TOpacTitle> {
  const { copyList, ...title } = await getTitle(db, collegeId, id);
  return {
    ...title,
    copyList: copyList
      .filter((c) => !GONE.includes(c.status))
      .map((c) => ({ id: c.id, accessionNo: c.accessionNo, shelfLocation: c.shelfLocation, status: c.status, dueOn: c.dueOn })),
  };
}

export function copyView(c: {
  id: number;
  title_id: number;
  accession_no: string;
  shelf_location: string;
  status: string;
  price: number;
  vendor: string;
  acquired_on: string;
  due_on?: string | null;
}): TCopy {
  return {
    id: c.id,
    titleId: c.title_id,
    accessionNo: c.accession_no,
    shelfLocation: c.shelf_location,
    status: c.status,
    price: c.price,
    vendor: c.vendor,
    acquiredOn: c.acquired_on,
    dueOn: c.due_on ?? null,
  };
}

export async function getTitle(db: Db, collegeId: number, id: number): Promise<TTitleDetail> {
  const row = await catalogueRepo.titleById(db, collegeId, id);
  if (!row) throw notFound(LIBRARY_MSG.titleNotFound);
  const [view] = await titleViews(db, collegeId, [row]);
  const copies = await copiesRepo.copiesOfTitle(db, collegeId, id);
  return { ...view, copyList: copies.map(copyView) };
}

/** The answer to a new title whose ISBN is already catalogued: the title that has it. */
async function mergedInto(db: Db, collegeId: number, existing: TitleRow, isbn: string) {
  const [view] = await titleViews(db, collegeId, [existing]);
  return {
    title: view,
    merged: true,
    message: `ISBN ${isbn} is already catalogued as "${existing.title}": add the copies to it`,
  };
}

export async function createTitle(db: Db, collegeId: number, input: z.input<typeof ZTitleInput>) {
  const t = ZTitleInput.parse(input);
  const isbn = t.isbn ? toIsbn13(t.isbn) : null;
  if (isbn) {
    const existing = await catalogueRepo.titleByIsbn(db, collegeId, isbn);
    if (existing) return mergedInto(db, collegeId, existing, isbn);
  }
  try {
    const row = await catalogueRepo.insertTitle(db, titleRow(collegeId, t, nowIso()));
    const [view] = await titleViews(db, collegeId, [row]);
    return { title: view, merged: false, message: 'Title added' };
  } catch (e) {
    if (isUniqueViolation(e) && isbn)
      return mergedInto(db, collegeId, (await catalogueRepo.titleByIsbn(db, collegeId, isbn))!, isbn);
    throw e;
  }
}

/** The catalogue fields of a title row, by their names in the API (what an edit's audit row shows). */
function titleFields(r: Omit<TitleRow, 'id' | 'college_id' | 'created_at' | 'updated_at'>) {
  return {
    title: r.title,
    subtitle: r.subtitle,
    authors: r.authors,
    isbn: r.isbn,
    publisher: r.publisher,
    year: r.year,
    edition: r.edition,
    subjects: r.subjects,
    callNumber: r.call_number,
    language: r.language,
    pages: r.pages,
    itemType: r.item_type,
  };
}

/** Edits every catalogue field of a title; the fields that changed, before and after, go to the audit log with the write. */
export async function editTitle(db: Db, user: RequestUser, id: number, input: z.input<typeof ZTitleInput>, ip = '') {
  const collegeId = user.collegeId;
  const t = ZTitleInput.parse(input);
  const row = await catalogueRepo.titleById(db, collegeId, id);
  if (!row) throw notFound(LIBRARY_MSG.titleNotFound);
  const isbn = t.isbn ? toIsbn13(t.isbn) : null;
  const isbnTaken = (other: { title: string }) => conflict(`ISBN ${isbn} belongs to another title: "${other.title}"`);
  if (isbn && isbn !== row.isbn) {
    const other = await catalogueRepo.titleByIsbn(db, collegeId, isbn);
    if (other) throw isbnTaken(other);
  }
  const values = { ...titleColumns(t), updated_at: nowIso() };
  const before = titleFields(row);
  const after = titleFields(values);
  const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => after[k] !== before[k]);
  if (changed.length === 0) {
    const [view] = await titleViews(db, collegeId, [row]);
    return { title: view, merged: false, message: LIBRARY_MSG.titleUnchanged };
  }
  try {
    await db.transaction().execute(async (trx) => {
      await catalogueRepo.updateTitle(trx, collegeId, id, values);
      await audit(trx, {
        collegeId,
        actor: { id: user.id, username: user.username },
        ip,
        action: 'library.title.edit',
        entity: 'library_title',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    });
  } catch (e) {
    // Another desk gave the ISBN to a title a moment ago.
    if (isbn && isUniqueViolation(e))
      throw isbnTaken((await catalogueRepo.titleByIsbn(db, collegeId, isbn)) ?? { title: 'another title' });
    throw e;
  }
  const [view] = await titleViews(db, collegeId, [(await catalogueRepo.titleById(db, collegeId, id))!]);
  return { title: view, merged: false, message: 'Title saved' };
}
