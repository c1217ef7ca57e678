import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG, accountsFy } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  ACCOUNTANT,
  OFFICER,
  collect,
  collegeId,
  ledgerOf,
  newBatch,
  newHeads,
  newStructure,
  newStudents,
  pdfText,
  studentsWithDemand,
} from '../../../test/modules/accounts.js';
import { postCharge } from './ledger.charges.js';
import { officeDate } from './ledger.receipts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('fee structures and demand', () => {
  it('raises a batch year once per student and head by seat type; a second run raises nothing', async () => {
    const batch = newBatch(2024);
    const heads = await newHeads(t);
    await newStudents(t, batch, ['Convener', 'Convener', 'Management']);
    await newStructure(
      t,
      batch,
      'Convener',
      [
        { headId: heads.tuition.id, amountPaise: 5_000_000 },
        { headId: heads.exam.id, amountPaise: 200_000 },
      ],
      2,
    );
    await newStructure(
      t,
      batch,
      'Management',
      [
        { headId: heads.tuition.id, amountPaise: 10_000_000 },
        { headId: heads.exam.id, amountPaise: 200_000 },
      ],
      2,
    );
    const first = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 2 } });
    expect(first.statusCode).toBe(200);
    // batch starting 2024, second year → 2025-26; 2 × (50,000 + 2,000) + (1,00,000 + 2,000) = ₹2,06,000
    expect(first.json()).toEqual({
      fy: '2025-26',
      students: 3,
      raised: 6,
      alreadyRaised: 0,
      withoutStructure: 0,
      totalPaise: 20_600_000,
    });
    const again = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 2 } });
    expect(again.json()).toMatchObject({ raised: 0, alreadyRaised: 6, totalPaise: 20_600_000 });
  });

  it('refuses a demand with no matching structure and a duplicate structure', async () => {
    const batch = newBatch();
    const heads = await newHeads(t);
    await newStudents(t, batch, ['Convener']);
    const res = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNTS_MSG.noStructure);
    await newStructure(t, batch, 'Convener', [{ headId: heads.tuition.id, amountPaise: 100 }]);
    const dup = await t.as(OFFICER, {
      method: 'POST',
      url: '/api/accounts/fee-structures',
      payload: {
        course: 'B.Tech',
        batch,
        yearOfStudy: 1,
        seatType: 'Convener',
        lines: [{ headId: heads.exam.id, amountPaise: 100 }],
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ACCOUNTS_MSG.structureExists);
  });

  it('postCharge is idempotent on (source, sourceRef) and creates a missing head', async () => {
    const [roll] = await newStudents(t, newBatch(), ['Convener']);
    const college = await collegeId(t);
    const s = await t.db.selectFrom('students').select('id').where('roll_no', '=', roll).executeTakeFirstOrThrow();
    const charge = {
      collegeId: college,
      studentId: s.id,
      head: 'HOSTEL',
      amountPaise: 3_000_000,
      source: 'hostel',
      sourceRef: `allot-${roll}`,
      dueDate: '2026-06-30',
    };
    const a = await postCharge(t.db, charge);
    const b = await postCharge(t.db, charge);
    expect(a.created).toBe(true);
    expect(b).toEqual({ lineId: a.lineId, created: false });
    const l = await ledgerOf(t, roll);
    expect(l.lines).toHaveLength(1);
    expect(l.lines[0]).toMatchObject({
      fy: '2026-27',
      headCode: 'HOSTEL',
      amountPaise: 3_000_000,
      balancePaise: 3_000_000,
      source: 'hostel',
    });
  });
});

describe('counter collection', () => {
  it('splits a partial payment across heads in the stated order and numbers the receipt', async () => {
    const { rolls, heads } = await studentsWithDemand(t);
    const res = await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 5_100_000 });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const fy = accountsFy(officeDate());
    expect(r.label).toBe(`SVEC/FR/${fy}/${String(r.receiptNo).padStart(5, '0')}`);
    expect(r.allocations.map((a: { amountPaise: number }) => a.amountPaise)).toEqual([5_000_000, 100_000]);
    const l = await ledgerOf(t, rolls[0]);
    const byHead = Object.fromEntries(l.lines.map((x: { headId: number; balancePaise: number }) => [x.headId, x.balancePaise]));
    expect(byHead[heads.tuition.id]).toBe(0);
    expect(byHead[heads.exam.id]).toBe(100_000);
    expect(l.totals).toMatchObject({ demandPaise: 5_200_000, paidPaise: 5_100_000, studentDuePaise: 100_000 });
  });

  it('lets the clerk choose the heads, and refuses more than is due or a cheque without bank', async () => {
    const { rolls, heads } = await studentsWithDemand(t);
    const l = await ledgerOf(t, rolls[0]);
    const exam = l.lines.find((x: { headId: number }) => x.headId === heads.exam.id);
    const chosen = await collect(t, {
      rollNo: rolls[0],
      mode: 'upi',
      reference: 'UPI123456',
      amount: 200_000,
      allocation: [{ lineId: exam.id, amountPaise: 200_000 }],
    });
    expect(chosen.statusCode).toBe(200);
    expect((await ledgerOf(t, rolls[0])).lines.find((x: { id: number }) => x.id === exam.id).balancePaise).toBe(0);

    const over = await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 5_000_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ACCOUNTS_MSG.amountTooLarge);
    const cheque = await collect(t, { rollNo: rolls[0], mode: 'cheque', reference: '004512', amount: 100 });
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().message).toBe(ACCOUNTS_MSG.bankNeeded);
    const upi = await collect(t, { rollNo: rolls[0], mode: 'upi', amount: 100 });
    expect(upi.json().message).toBe(ACCOUNTS_MSG.referenceNeeded);
    const mismatch = await collect(t, {
      rollNo: rolls[0],
      mode: 'cash',
      amount: 300,
      allocation: [{ lineId: exam.id, amountPaise: 200 }],
    });
    expect(mismatch.json().message).toBe(ACCOUNTS_MSG.allocationMismatch);
    const unknown = await collect(t, { rollNo: 'NOSUCHROLL', mode: 'cash', amount: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ACCOUNTS_MSG.studentNotFound);
  });

  it('gives 20 concurrent counter collections 20 consecutive receipt numbers', async () => {
    const { rolls } = await studentsWithDemand(t, 20);
    const college = await collegeId(t);
    const counter = `acc-receipt-${accountsFy(officeDate())}`;
    const before = await t.db
      .selectFrom('counters')
      .select('value')
      .where('college_id', '=', college)
      .where('name', '=', counter)
      .executeTakeFirst();
    const base = Number(before?.value ?? 0);
    const modes = ['cash', 'upi', 'card', 'bank_transfer'];
    const results = await Promise.all(
      rolls.map((rollNo, i) =>
        collect(t, { rollNo, mode: modes[i % 4], reference: modes[i % 4] === 'cash' ? '' : `REF${i}`, amount: 1_000_000 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().receiptNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => base + i + 1));
  });

  it('cancels only with the officer and a reason; the receipt keeps its number and a reversal restores the dues', async () => {
    const { rolls } = await studentsWithDemand(t);
    const r = (await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 2_000_000 })).json();
    const doc = await t.db.selectFrom('acc_receipts').select('doc_code').where('id', '=', r.id).executeTakeFirstOrThrow();
    const verify = async () => (await t.app.inject({ method: 'GET', url: `/api/documents/verify/${doc.doc_code}` })).json();
    expect(await verify()).toMatchObject({ kind: 'fee-receipt', revoked: false });
    const byAccountant = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: 'Wrong student' },
    });
    expect(byAccountant.statusCode).toBe(403);
    const noReason = await t.as(OFFICER, {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Enter the reason');
    const ok = await t.as(OFFICER, {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: 'Entered for the wrong student' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: r.id,
      receiptNo: r.receiptNo,
      status: 'cancelled',
      cancelReason: 'Entered for the wrong student',
    });
    expect(await verify()).toMatchObject({ revoked: true, revokedReason: 'Receipt cancelled: Entered for the wrong student' });
    const l = await ledgerOf(t, rolls[0]);
    expect(l.totals.studentDuePaise).toBe(5_200_000);
    expect(l.receipts.map((x: { kind: string; amountPaise: number }) => [x.kind, x.amountPaise]).sort()).toEqual([
      ['receipt', 2_000_000],
      ['reversal', -2_000_000],
    ]);
    const twice = await t.as(OFFICER, {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: 'Again, by mistake' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ACCOUNTS_MSG.alreadyCancelled);
    const pdf = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/receipts/${r.id}/pdf` });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CANCELLED');
    expect(text).toContain('Rupees Twenty Thousand Only');
    expect(text).toContain('₹20,000.00');
    // The rupee sign comes from the embedded DejaVu face, not a standard font that lacks it.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed/);
    expect(text).toContain('Scan to verify this document');
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'acc_receipt')
      .where('entity_id', '=', String(r.id))
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['receipt.cancel', 'receipt.create']);
  });
});

describe('student search', () => {
  it('finds a student by the start of the roll number, any part of the name or of the admission number, in any case', async () => {
    const [roll] = await newStudents(t, newBatch(), ['Convener']);
    const tag = roll.slice(1, 7);
    await t.db.updateTable('students').set({ full_name: `Lakshmi Q${tag} Prasanna` }).where('roll_no', '=', roll).execute();
    const find = async (q: string) => {
      const res = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/students?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      return res.json().map((h: { rollNo: string }) => h.rollNo);
    };
    expect(await find(roll.slice(0, 9).toLowerCase())).toEqual([roll]);
    expect(await find(`q${tag} prasanna`.toLowerCase())).toEqual([roll]);
    // The admission number (ADM + roll number) is searched anywhere in it, the roll number only from its start.
    expect(await find(`dm${roll.slice(0, 8)}`)).toEqual([roll]);
    await t.db.updateTable('acc_student_profiles').set({ admission_no: `A${tag}` }).where('admission_no', '=', `ADM${roll}`).execute();
    expect(await find(roll.slice(2, 11))).toEqual([]);
    expect((await find(roll)).length).toBe(1);
  });
});

describe('access', () => {
  it('refuses students and other colleges’ staff', async () => {
    const { rolls } = await studentsWithDemand(t);
    const student = await t.as('22A91A0501', { method: 'GET', url: `/api/accounts/students/${rolls[0]}/ledger` });
    expect(student.statusCode).toBe(403);
    const faculty = await t.as('faculty', {
      method: 'POST',
      url: '/api/accounts/receipts',
      payload: { rollNo: rolls[0], mode: 'cash', amount: 100 },
    });
    expect(faculty.statusCode).toBe(403);
  });
});

describe("the student's own ledger", () => {
  /** A login for a test student, built like the demo student's. */
  async function loginFor(rollNo: string) {
    const demo = await t.db.selectFrom('users').selectAll().where('username', '=', '22A91A0501').executeTakeFirstOrThrow();
    const s = await t.db.selectFrom('students').select('id').where('roll_no', '=', rollNo).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = demo;
    const { id } = await t.db
      .insertInto('users')
      .values({ ...rest, username: rollNo, email: `${rollNo.toLowerCase()}@example.org`, student_id: s.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: id, role: 'ROLE_STUDENT' }).execute();
    return rollNo;
  }

  it('shows the student their dues and receipts, prints only their own receipts, and keeps the office ledger to staff', async () => {
    const { rolls } = await studentsWithDemand(t, 2);
    const me = await loginFor(rolls[0]);
    const paid = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/receipts',
      payload: { rollNo: rolls[0], mode: 'cash', amount: 1_000_000 },
    });
    const other = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/receipts',
      payload: { rollNo: rolls[1], mode: 'cash', amount: 500_000 },
    });
    const mine = await t.as(me, { method: 'GET', url: '/api/accounts/me/ledger' });
    expect(mine.statusCode).toBe(200);
    // 50,000 tuition + 2,000 exam − 10,000 paid = 42,000.
    expect(mine.json().student.rollNo).toBe(rolls[0]);
    expect(mine.json().totals).toMatchObject({ demandPaise: 5_200_000, paidPaise: 1_000_000, studentDuePaise: 4_200_000 });
    expect(mine.json().receipts.map((r: any) => r.id)).toEqual([paid.json().id]);
    const pdf = await t.as(me, { method: 'GET', url: `/api/accounts/me/receipts/${paid.json().id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Rupees Ten Thousand Only');
    const theirs = await t.as(me, { method: 'GET', url: `/api/accounts/me/receipts/${other.json().id}/pdf` });
    expect(theirs.statusCode).toBe(404);
    expect((await t.as(me, { method: 'GET', url: `/api/accounts/students/${rolls[1]}/ledger` })).statusCode).toBe(403);
    expect((await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/me/ledger' })).statusCode).toBe(403);
  });
});
