import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillLedger } from '../src/db/backfill-ledger.js';
import { nowIso } from '../src/db/index.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * `npm run db:backfill-ledger`: rows an older version wrote without posting them to the accounts
 * ledger (built here by inserting them directly) are posted once, with what was paid or waived
 * on them; a second run posts nothing. Totals worked out by hand below.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function oldRows() {
  const college = await t.db.selectFrom('colleges').select(['id', 'code']).where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  const roll = `TB${Date.now().toString().slice(-8)}`;
  const { id: studentId } = await t.db
    .insertInto('students')
    .values({
      college_id: college.id,
      roll_no: roll,
      full_name: `Old Student ${roll}`,
      course: 'B.Tech',
      batch: '2025-2029',
      branch: 'CSE',
      semester: 'II-I',
      section: 'A',
      gender: 'MALE',
      email: `${roll.toLowerCase()}@example.in`,
      mobile: '9876543210',
      father_name: 'Parent',
      admission_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fine = (amount: number, status: string, extra: object = {}, student: number | null = studentId) => ({
    college_id: college.id,
    patron_code: student ? roll : 'EMP-OLD',
    patron_kind: student ? 'student' : 'staff',
    student_id: student,
    loan_id: null,
    kind: 'overdue',
    amount,
    overdue_days: 3,
    status,
    receipt_no: null,
    document_code: null,
    paid_at: status === 'unpaid' ? null : '2028-02-05T10:00:00.000Z',
    settled_by: null,
    waive_reason: status === 'waived' ? 'Old waiver' : '',
    created_at: '2028-02-01T10:00:00.000Z',
    paid_amount: 0,
    waived_amount: 0,
    ...extra,
  });
  // Library: ₹12 unpaid, ₹7 paid, ₹3 waived (the migration set their paid/waived amounts), and a staff fine (the library's own).
  const fines = await t.db
    .insertInto('library_fines')
    .values([
      fine(1_200, 'unpaid'),
      fine(700, 'paid', { paid_amount: 700 }),
      fine(300, 'waived', { waived_amount: 300 }),
      fine(900, 'unpaid', {}, null),
    ])
    .returning('id')
    .execute();
  // Hostel: fee ₹40,000 and damages ₹1,500; the office took ₹25,000 and waived ₹1,000.
  await t.db
    .insertInto('hostel_charges')
    .values([
      {
        college_id: college.id,
        student_id: studentId,
        allotment_id: null,
        kind: 'FEE',
        description: 'Hostel fee 2027-28',
        amount: 4_000_000,
        created_by: null,
        created_at: '2027-07-01T10:00:00.000Z',
      },
      {
        college_id: college.id,
        student_id: studentId,
        allotment_id: null,
        kind: 'DAMAGE',
        description: 'Broken chair',
        amount: 150_000,
        created_by: null,
        created_at: '2027-09-01T10:00:00.000Z',
      },
    ])
    .execute();
  await t.db
    .insertInto('hostel_receipts')
    .values([
      {
        college_id: college.id,
        student_id: studentId,
        allotment_id: null,
        kind: 'PAYMENT',
        mode: 'cash',
        reference: 'HR-1',
        amount: 2_500_000,
        paid_on: '2027-07-05',
        created_by: null,
        created_at: '2027-07-05T10:00:00.000Z',
      },
      {
        college_id: college.id,
        student_id: studentId,
        allotment_id: null,
        kind: 'WAIVER',
        mode: 'cash',
        reference: 'Warden',
        amount: 100_000,
        paid_on: '2027-09-02',
        created_by: null,
        created_at: '2027-09-02T10:00:00.000Z',
      },
    ])
    .execute();
  // Transport: a pass with fare ₹18,000 of which ₹6,000 paid, and a cancelled pass with fare ₹12,000 unpaid.
  const model = await t.db
    .selectFrom('transport_passes')
    .selectAll()
    .where('college_id', '=', college.id)
    .executeTakeFirstOrThrow();
  const pass = async (fare: number, status: string, n: number) =>
    (
      await t.db
        .insertInto('transport_passes')
        .values({
          college_id: college.id,
          pass_no: 900_000 + n + (Date.now() % 1000) * 10,
          holder_type: 'student',
          student_id: studentId,
          user_id: null,
          holder_ref: roll,
          holder_name: `Old Student ${roll}`,
          holder_detail: '',
          route_id: model.route_id,
          stop_id: model.stop_id,
          vehicle_id: model.vehicle_id,
          academic_year: '2027-28',
          fare,
          status,
          verify_code: `OLDPASS${n}${Date.now()}`,
          issued_at: '2027-06-20T10:00:00.000Z',
          issued_by: null,
          cancelled_at: status === 'cancelled' ? '2027-08-01T10:00:00.000Z' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const p1 = await pass(1_800_000, 'active', 1);
  const p2 = await pass(1_200_000, 'cancelled', 2);
  await t.db
    .insertInto('transport_dues')
    .values([
      {
        college_id: college.id,
        pass_id: p1,
        student_id: studentId,
        academic_year: '2027-28',
        amount: 1_800_000,
        paid: 600_000,
        status: 'open',
        created_at: '2027-06-20T10:00:00.000Z',
      },
      {
        college_id: college.id,
        pass_id: p2,
        student_id: studentId,
        academic_year: '2027-28',
        amount: 1_200_000,
        paid: 0,
        status: 'cancelled',
        created_at: '2027-06-20T10:00:00.000Z',
      },
    ])
    .execute();
  return { roll, studentId, fineIds: fines.map((f) => f.id), p1 };
}

const linesOf = (studentId: number) =>
  t.db
    .selectFrom('acc_demand_lines')
    .select(['source', 'source_ref', 'amount_paise', 'paid_paise', 'waived_paise'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

describe('posting the rows an older version never posted', () => {
  it('posts each hostel charge, transport fare and student fine once, with what was paid and waived; a second run posts nothing', async () => {
    const { roll, studentId, fineIds, p1 } = await oldRows();
    expect(await linesOf(studentId)).toEqual([]);

    const first = await backfillLedger(t.db);
    expect(first.find((r) => r.college === 'SVEC')).toEqual({
      college: 'SVEC',
      hostelCharges: 2,
      hostelReceipts: 1,
      transportPasses: 2,
      libraryFines: 3,
    });
    // The other college had nothing unposted.
    expect(
      first.filter((r) => r.college !== 'SVEC').every((r) => r.hostelCharges + r.transportPasses + r.libraryFines === 0),
    ).toBe(true);

    const lines = await linesOf(studentId);
    const sum = (src: string, k: 'amount_paise' | 'paid_paise' | 'waived_paise') =>
      lines.filter((l) => l.source === src).reduce((n, l) => n + l[k], 0);
    // Hostel: 40,00,000 + 1,50,000 = 41,50,000 demanded; 25,00,000 paid; 1,00,000 waived.
    expect([sum('hostel', 'amount_paise'), sum('hostel', 'paid_paise'), sum('hostel', 'waived_paise')]).toEqual([
      4_150_000, 2_500_000, 100_000,
    ]);
    // Transport: 18,00,000 + 12,00,000; 6,00,000 paid on the first; the cancelled pass's 12,00,000 waived.
    expect([sum('transport', 'amount_paise'), sum('transport', 'paid_paise'), sum('transport', 'waived_paise')]).toEqual([
      3_000_000, 600_000, 1_200_000,
    ]);
    // Library: the three student fines (the staff fine stays the library's): 1,200 + 700 + 300; 700 paid; 300 waived.
    expect(
      lines.filter((l) => l.source === 'library').map((l) => [l.source_ref, l.amount_paise, l.paid_paise, l.waived_paise]),
    ).toEqual([
      [`fine-${fineIds[0]}`, 1_200, 0, 0],
      [`fine-${fineIds[1]}`, 700, 700, 0],
      [`fine-${fineIds[2]}`, 300, 0, 300],
    ]);
    // What the student owes: (41,50,000 − 25,00,000 − 1,00,000) + (30,00,000 − 6,00,000 − 12,00,000) + 1,200 = 27,51,200.
    const ledger = (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${roll}/ledger` })).json();
    expect(ledger.totals).toMatchObject({ studentDuePaise: 2_751_200, advancePaise: 0, paidPaise: 3_100_700 });
    // The modules' own records still agree with the ledger.
    const fines = await t.db
      .selectFrom('library_fines')
      .select(['status', 'paid_amount', 'waived_amount'])
      .where('id', 'in', fineIds)
      .orderBy('id')
      .execute();
    expect(fines.map((f) => [f.status, f.paid_amount, f.waived_amount])).toEqual([
      ['unpaid', 0, 0],
      ['paid', 700, 0],
      ['waived', 0, 300],
      ['unpaid', 0, 0],
    ]);
    const due = await t.db.selectFrom('transport_dues').select('paid').where('pass_id', '=', p1).executeTakeFirstOrThrow();
    expect(due.paid).toBe(600_000);

    const receiptsBefore = await t.db.selectFrom('acc_receipts').select('id').where('student_id', '=', studentId).execute();
    const second = await backfillLedger(t.db);
    expect(second.every((r) => r.hostelCharges + r.hostelReceipts + r.transportPasses + r.libraryFines === 0)).toBe(true);
    expect(await linesOf(studentId)).toEqual(lines);
    expect(await t.db.selectFrom('acc_receipts').select('id').where('student_id', '=', studentId).execute()).toEqual(
      receiptsBefore,
    );
  });

  it('a fine the desk collects after the backfill is paid once on its line; running again posts nothing', async () => {
    const { roll, studentId, fineIds } = await oldRows();
    await backfillLedger(t.db);
    const pay = await t.as('libraryassistant', { method: 'POST', url: `/api/library/fines/${fineIds[0]}/pay` });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().fine).toMatchObject({ status: 'paid', paidAmount: 1_200, outstanding: 0 });
    expect((await backfillLedger(t.db)).every((r) => r.libraryFines === 0)).toBe(true);
    const line = (await linesOf(studentId)).find((l) => l.source_ref === `fine-${fineIds[0]}`);
    expect(line).toMatchObject({ amount_paise: 1_200, paid_paise: 1_200, waived_paise: 0 });
    const ledger = (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${roll}/ledger` })).json();
    expect(ledger.totals.studentDuePaise).toBe(2_750_000);
  });
});
