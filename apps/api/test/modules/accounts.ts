import crypto from 'node:crypto';
import type { TestApp } from '../helpers.js';
import { nowIso } from '../../src/db/index.js';

export const OFFICER = 'accountsofficer';
export const ACCOUNTANT = 'accountant';
export const PRINCIPAL = 'principal';

const tag = () => crypto.randomBytes(3).toString('hex').toUpperCase();

export async function collegeId(t: TestApp, code = 'SVEC') {
  return (await t.db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A batch name of its own ('2025-T1A2B3'), so a test's students and structures touch no one else's. */
export const newBatch = (startYear = 2025) => `${startYear}-T${tag()}`;

/** Inserts students of a batch (B.Tech unless said) with a seat type; returns their roll numbers. */
export async function newStudents(t: TestApp, batch: string, seats: string[], course = 'B.Tech') {
  const college = await collegeId(t);
  const rolls: string[] = [];
  for (const seat of seats) {
    const rollNo = `T${tag()}${tag()}`.slice(0, 12);
    const { id } = await t.db
      .insertInto('students')
      .values({
        college_id: college,
        roll_no: rollNo,
        full_name: `Test Student ${rollNo}`,
        course,
        batch,
        branch: 'CSE',
        semester: 'I-I',
        section: 'A',
        gender: 'MALE',
        email: `${rollNo.toLowerCase()}@example.com`,
        mobile: '9876543210',
        father_name: 'Parent',
        admission_id: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('acc_student_profiles')
      .values({ college_id: college, student_id: id, seat_type: seat, admission_no: `ADM${rollNo}`, parent_phone: '9000000001' })
      .execute();
    rolls.push(rollNo);
  }
  return rolls;
}

/** Two fee heads of the test's own: tuition first, exam second in the collection order. */
export async function newHeads(t: TestApp) {
  const k = tag();
  const post = async (code: string, name: string, sortOrder: number) => {
    const res = await t.as(OFFICER, { method: 'POST', url: '/api/accounts/fee-heads', payload: { code, name, sortOrder } });
    if (res.statusCode !== 200) throw new Error(`head: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; code: string };
  };
  return { tuition: await post(`TU${k}`, `Tuition ${k}`, 1), exam: await post(`EX${k}`, `Exam ${k}`, 2) };
}

export async function newStructure(
  t: TestApp,
  batch: string,
  seatType: string,
  lines: Array<{ headId: number; amountPaise: number }>,
  year = 1,
) {
  const res = await t.as(OFFICER, {
    method: 'POST',
    url: '/api/accounts/fee-structures',
    payload: { course: 'B.Tech', batch, yearOfStudy: year, seatType, lines },
  });
  if (res.statusCode !== 200) throw new Error(`structure: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A batch with students whose first-year demand is raised: tuition ₹50,000 and exam ₹2,000 each
 * (Convener seats).
 */
export async function studentsWithDemand(t: TestApp, n = 1) {
  const batch = newBatch();
  const heads = await newHeads(t);
  const rolls = await newStudents(
    t,
    batch,
    Array.from({ length: n }, () => 'Convener'),
  );
  await newStructure(t, batch, 'Convener', [
    { headId: heads.tuition.id, amountPaise: 5_000_000 },
    { headId: heads.exam.id, amountPaise: 200_000 },
  ]);
  const res = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 1 } });
  if (res.statusCode !== 200) throw new Error(`demand: ${res.statusCode} ${res.body}`);
  return { batch, heads, rolls, fy: '2025-26' };
}

export async function ledgerOf(t: TestApp, rollNo: string) {
  const res = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` });
  if (res.statusCode !== 200) throw new Error(`ledger: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function collect(t: TestApp, payload: Record<string, unknown>, as = ACCOUNTANT) {
  return t.as(as, { method: 'POST', url: '/api/accounts/receipts', payload });
}

/** Text of a PDF (pdf-parse v1's library file; its index runs a self-test). */
export async function pdfText(buf: Buffer): Promise<string> {
  const mod = (await import('pdf-parse/lib/pdf-parse.js' as string)) as { default: (b: Buffer) => Promise<{ text: string }> };
  return (await mod.default(buf)).text;
}
