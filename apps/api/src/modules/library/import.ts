import { toIsbn13, ZTitleInput, type TLibraryImportReport } from '@erp/shared';
import type { Insertable } from 'kysely';
import { nowIso } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { nextCounter } from '../../lib/counters.js';
import { badRequest } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import { couldNotRead, parseInWorker } from '../../lib/parse-worker/index.js';
import { readWorkbook, serialToIsoDate } from '../../lib/workbooks/index.js';
import { titleRow } from './catalogue.js';
import { accessionFor } from './copies.js';
import { acquiredOn, MARC_TAGS, marcToRecord, rupeesToPaise, type CopyIn, type RecordIn } from './catalogue-records.js';
import * as catalogueRepo from './catalogue.repo.js';
import * as copiesRepo from './copies.repo.js';
import type { Db } from '../../db/index.js';

/**
 * Catalogue imports: the library's Excel sheet, or MARC 21 from Koha and other systems (ISO 2709
 * .mrc in MARC-8 or UTF-8, or MARCXML; copies from Koha's items in 952 or holdings in 852). Both
 * are parsed in the parse worker (lib/parse-worker), so a file that makes a parser run away costs
 * its request a 400, never the server. Every record is checked first; a dry run stops there.
 * Titles with an ISBN already catalogued (or earlier in the file) merge; their copies join the
 * existing title. A copy the file gives no accession number is numbered from the library's counter.
 */

export const MAX_IMPORT_RECORDS = 60_000;
const tooManyRecords = () => badRequest(`At most ${MAX_IMPORT_RECORDS} records at a time`);

const HEADERS: Record<string, string> = {
  title: 'title',
  subtitle: 'subtitle',
  authors: 'authors',
  author: 'authors',
  isbn: 'isbn',
  publisher: 'publisher',
  year: 'year',
  edition: 'edition',
  subjects: 'subjects',
  subject: 'subjects',
  callnumber: 'callNumber',
  ddc: 'callNumber',
  language: 'language',
  pages: 'pages',
  itemtype: 'itemType',
  accessionno: 'accessionNo',
  accessionnumber: 'accessionNo',
  barcode: 'accessionNo',
  shelflocation: 'shelfLocation',
  shelf: 'shelfLocation',
  price: 'price',
  vendor: 'vendor',
  dateacquired: 'acquiredOn',
};

/** A cell as the import reads it: text trimmed, a number as written, a date column's serial number as yyyy-mm-dd. */
const cellText = (v: unknown, key: string): string =>
  typeof v === 'number' ? (key === 'acquiredOn' ? serialToIsoDate(v) : String(v)) : typeof v === 'string' ? v.trim() : '';

const num = (s: string) => (s === '' ? null : Number(s.replace(/[^\d.]/g, '')) || null);

/** The filled cells a sheet may have: every record's columns, with room for a few the import does not read. */
const MAX_SHEET_CELLS = (MAX_IMPORT_RECORDS + 1) * 32;

async function excelRecords(buffer: Buffer): Promise<RecordIn[]> {
  const read = await readWorkbook(buffer, { maxRows: MAX_IMPORT_RECORDS, maxCells: MAX_SHEET_CELLS });
  if (!read.ok) throw read.reason === 'tooManyRows' ? tooManyRecords() : badRequest(read.message);
  const cols = new Map<number, string>();
  read.headers.forEach((h, i) => {
    const key = HEADERS[h.toLowerCase().replace(/[^a-z]/g, '')];
    if (key) cols.set(i, key);
  });
  if (![...cols.values()].includes('title'))
    throw badRequest('The first row must name the columns: Title, Authors, ISBN, ... Accession No');
  const out: RecordIn[] = [];
  read.rows.forEach((line, i) => {
    if (line === '') return;
    const cells = JSON.parse(line) as unknown[];
    const v: Record<string, string> = {};
    cols.forEach((key, c) => (v[key] = cellText(cells[c], key)));
    if (Object.values(v).every((x) => x === '')) return;
    const errors: string[] = [];
    out.push({
      row: i + 2,
      errors,
      title: {
        title: v.title ?? '',
        subtitle: v.subtitle ?? '',
        authors: v.authors ?? '',
        isbn: v.isbn ?? '',
        publisher: v.publisher ?? '',
        year: num(v.year ?? ''),
        edition: v.edition ?? '',
        subjects: v.subjects ?? '',
        callNumber: v.callNumber ?? '',
        language: v.language || 'English',
        pages: num(v.pages ?? ''),
        itemType: (v.itemType || 'book').toLowerCase(),
      },
      copies: v.accessionNo
        ? [
            {
              accessionNo: v.accessionNo.toUpperCase(),
              shelfLocation: v.shelfLocation ?? '',
              price: rupeesToPaise(v.price ?? ''),
              vendor: v.vendor ?? '',
              acquiredOn: acquiredOn(v.acquiredOn ?? '', errors),
            },
          ]
        : [],
    });
  });
  return out;
}

/**
 * Hands each MARC record to `take` as the parse worker reads it (in batches): the parsed records
 * are not all held at once, and the main thread only maps them.
 */
async function eachMarcRecord(buffer: Buffer, kind: 'iso2709' | 'marcxml', take: (r: RecordIn) => void): Promise<void> {
  let n = 0;
  const outcome = await parseInWorker(
    'marc',
    { buf: buffer, kind, maxRecords: MAX_IMPORT_RECORDS, tags: MARC_TAGS },
    { onBatch: (records) => records.forEach((rec) => take(marcToRecord(rec, ++n))) },
  );
  if (!outcome.ok)
    throw outcome.reason === 'tooMany'
      ? tooManyRecords()
      : outcome.reason === 'noRecords'
        ? badRequest(outcome.detail)
        : couldNotRead(outcome);
}

/**
 * `count` accession numbers from the college's counter, inside the import's transaction, skipping
 * numbers already used and those in `taken` (the file's own), as adding copies at the desk does.
 */
async function allocateAccessions(trx: Db, collegeId: number, count: number, taken: Set<string>): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const last = await nextCounter(trx, collegeId, 'library_accession', need);
    const batch = Array.from({ length: need }, (_, i) => accessionFor(last - need + 1 + i));
    const used = await copiesRepo.existingAccessions(trx, collegeId, batch);
    out.push(...batch.filter((a) => !used.has(a) && !taken.has(a)));
  }
  return out;
}

export function formatOf(filename: string, buffer: Buffer): TLibraryImportReport['format'] {
  const head = buffer.subarray(0, 200).toString('utf8').trimStart();
  if ((buffer[0] === 0x50 && buffer[1] === 0x4b) || sniffFileType(buffer) === 'xls') return 'excel';
  if (head.startsWith('<')) return 'marcxml';
  if (/^\d{5}[a-z ]{3}/i.test(head) || /\.(mrc|marc|iso)$/i.test(filename)) return 'marc';
  throw badRequest('Upload an Excel workbook (.xlsx or .xls), a MARC file (.mrc) or MARCXML (.xml)');
}

export async function importCatalogue(
  db: Db,
  collegeId: number,
  file: { filename: string; buffer: Buffer },
  dryRun: boolean,
): Promise<TLibraryImportReport> {
  const format = formatOf(file.filename, file.buffer);
  const rejected: TLibraryImportReport['rejected'] = [];
  const valid: Array<{ row: number; t: ReturnType<typeof ZTitleInput.parse>; isbn: string | null; copies: CopyIn[] }> = [];
  let records = 0;
  // Each record is checked as it is read; only what will be written (or the reasons not) is kept.
  const take = (r: RecordIn) => {
    records++;
    const p = r.title ? ZTitleInput.safeParse(r.title) : null;
    const errors = [...r.errors, ...(p && !p.success ? p.error.issues.map((i) => i.message) : [])];
    if (!p?.success || errors.length) rejected.push({ row: r.row, errors: [...new Set(errors)] });
    else valid.push({ row: r.row, t: p.data, isbn: p.data.isbn ? toIsbn13(p.data.isbn) : null, copies: r.copies });
  };
  if (format === 'excel') {
    (await excelRecords(file.buffer)).forEach(take);
  } else await eachMarcRecord(file.buffer, format === 'marc' ? 'iso2709' : 'marcxml', take);

  const known = await copiesRepo.existingAccessions(
    db,
    collegeId,
    valid.flatMap((v) => v.copies.map((c) => c.accessionNo).filter(Boolean)),
  );
  const existingTitles = new Map(
    (await catalogueRepo.titlesByIsbn(db, collegeId, [...new Set(valid.map((v) => v.isbn).filter((i): i is string => !!i))])).map((t) => [
      t.isbn!,
      t.id,
    ]),
  );
  const seenAcc = new Set<string>();
  const accepted: typeof valid = [];
  for (const v of valid) {
    const errors: string[] = [];
    for (const c of v.copies) {
      if (c.accessionNo === '') continue; // numbered when saved
      if (c.accessionNo.length > 40 || !/^[A-Z0-9/-]+$/.test(c.accessionNo))
        errors.push(`Accession number ${c.accessionNo} is not valid`);
      else if (known.has(c.accessionNo)) errors.push(`Accession number ${c.accessionNo} is already in the catalogue`);
      else if (seenAcc.has(c.accessionNo)) errors.push(`Accession number ${c.accessionNo} appears twice in the file`);
    }
    if (errors.length) rejected.push({ row: v.row, errors });
    else {
      v.copies.forEach((c) => c.accessionNo && seenAcc.add(c.accessionNo));
      accepted.push(v);
    }
  }

  // Titles to create: one per new ISBN (the first record's details), and every record without an ISBN.
  const newByIsbn = new Map<string, (typeof accepted)[number]>();
  let merged = 0;
  const toCreate: typeof accepted = [];
  for (const v of accepted) {
    if (v.isbn && existingTitles.has(v.isbn)) merged++;
    else if (v.isbn && newByIsbn.has(v.isbn)) merged++;
    else {
      if (v.isbn) newByIsbn.set(v.isbn, v);
      toCreate.push(v);
    }
  }
  const report = (titlesCreated: number, copiesCreated: number): TLibraryImportReport => ({
    format,
    dryRun,
    records,
    titlesCreated,
    titlesMerged: merged,
    copiesCreated,
    rejected: rejected.sort((a, b) => a.row - b.row).slice(0, 1000),
  });
  const copyCount = accepted.reduce((s, v) => s + v.copies.length, 0);
  if (dryRun) return report(toCreate.length, copyCount);

  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const ids = new Map<(typeof accepted)[number], number>();
    for (let i = 0; i < toCreate.length; i += 500) {
      const chunk = toCreate.slice(i, i + 500);
      const rows = await trx
        .insertInto('library_titles')
        .values(chunk.map((v) => titleRow(collegeId, v.t, now)))
        .returning('id')
        .execute();
      chunk.forEach((v, k) => ids.set(v, rows[k].id));
    }
    for (const [isbn, v] of newByIsbn) existingTitles.set(isbn, ids.get(v)!);
    // Copies the file numbers not: from the counter, past the numbers the file itself uses.
    const numbered = await allocateAccessions(
      trx,
      collegeId,
      accepted.reduce((n, v) => n + v.copies.filter((c) => !c.accessionNo).length, 0),
      seenAcc,
    );
    let next = 0;
    // The copies go in 500 at a time, built as they go (a large import has hundreds of thousands).
    let batch: Insertable<DB['library_copies']>[] = [];
    const flush = async () => {
      if (batch.length) await trx.insertInto('library_copies').values(batch).execute();
      batch = [];
    };
    for (const v of accepted)
      for (const c of v.copies) {
        batch.push({
          college_id: collegeId,
          title_id: ids.get(v) ?? existingTitles.get(v.isbn!)!,
          accession_no: c.accessionNo || numbered[next++],
          shelf_location: c.shelfLocation,
          status: 'available',
          hold_id: null,
          price: c.price,
          vendor: c.vendor,
          acquired_on: c.acquiredOn || now.slice(0, 10),
          created_at: now,
        });
        if (batch.length === 500) await flush();
      }
    await flush();
  });
  return report(toCreate.length, copyCount);
}
