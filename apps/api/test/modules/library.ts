import crypto from 'node:crypto';
import type { TestApp } from '../helpers.js';
import { newStudent as newStudentWithLogin } from '../builders.js';

/** Small builders for the library tests: each test makes its own patrons, titles and copies. */

export const LIB = '/api/library';
const rand = () => crypto.randomBytes(3).toString('hex').toUpperCase();

/** A student of the default college (id 1 is not assumed: looked up by the demo college code). */
export async function newStudent(t: TestApp, opts: { batch?: string; course?: string } = {}) {
  const college = await t.db.selectFrom('colleges').select('id').orderBy('id').executeTakeFirstOrThrow();
  const roll = `T${rand()}${rand()}`.slice(0, 10);
  await t.db
    .insertInto('students')
    .values({
      college_id: college.id,
      roll_no: roll,
      full_name: `Test Student ${roll}`,
      course: opts.course ?? 'B.Tech',
      batch: opts.batch ?? '2026-2030',
      branch: 'CSE',
      semester: 'I-I',
      section: 'A',
      gender: 'FEMALE',
      email: `${roll.toLowerCase()}@example.in`,
      mobile: '9876543210',
      father_name: 'Test Father',
      admission_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return roll;
}

/** A student with a ROLE_STUDENT login (username = roll number, password Demo@1234); returns the roll number. */
export async function newStudentLogin(t: TestApp, opts: { batch?: string; course?: string } = {}) {
  const college = await t.db.selectFrom('colleges').select('id').orderBy('id').executeTakeFirstOrThrow();
  const roll = `T${rand()}${rand()}`.slice(0, 10);
  await newStudentWithLogin(t.db, college.id, {
    roll_no: roll,
    full_name: `Test Student ${roll}`,
    course: opts.course ?? 'B.Tech',
    batch: opts.batch ?? '2026-2030',
    semester: 'I-I',
    login: true,
  });
  return roll;
}

/** A title with `copies` copies (price in paise); returns its id and accession numbers. */
export async function newTitle(
  t: TestApp,
  opts: { title?: string; isbn?: string; itemType?: string; copies?: number; price?: number; subjects?: string } = {},
) {
  const res = await t.as('librarian', {
    method: 'POST',
    url: `${LIB}/titles`,
    payload: {
      title: opts.title ?? `Test Title ${rand()}`,
      authors: 'Test Author',
      isbn: opts.isbn ?? '',
      itemType: opts.itemType ?? 'book',
      subjects: opts.subjects ?? 'Testing',
    },
  });
  if (res.statusCode !== 200) throw new Error(`title: ${res.body}`);
  const id = res.json().title.id as number;
  let accessions: string[] = [];
  if ((opts.copies ?? 1) > 0) {
    const c = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/titles/${id}/copies`,
      payload: { count: opts.copies ?? 1, price: opts.price ?? 50_000, shelfLocation: 'Stack A-1' },
    });
    if (c.statusCode !== 200) throw new Error(`copies: ${c.body}`);
    accessions = c.json().copies.map((x: { accessionNo: string }) => x.accessionNo);
  }
  return { id, accessions };
}

export async function issue(t: TestApp, patron: string, barcode: string) {
  return t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans`, payload: { patron, barcode } });
}

export async function giveBack(t: TestApp, barcode: string) {
  return t.as('libraryassistant', { method: 'POST', url: `${LIB}/returns`, payload: { barcode } });
}

export async function holiday(t: TestApp, date: string, endDate = date) {
  const college = await t.db.selectFrom('colleges').select('id').orderBy('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('calendar_events')
    .values({
      college_id: college.id,
      title: 'Test holiday',
      kind: 'holiday',
      start_date: date,
      end_date: endDate,
      description: '',
      created_at: new Date().toISOString(),
    })
    .execute();
}
