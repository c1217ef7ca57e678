import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../checks/books.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { ACCOUNTS_MSG } from '@erp/shared';
import { collect, collegeId, ledgerOf, OFFICER } from '../../../test/modules/accounts.js';
import { decideRefund, proposeRefund } from '../../../test/modules/refunds.js';
import { postCharge } from './ledger.charges.js';
import { releaseCharge } from './ledger.release.js';

/**
 * A charge cut down after it was (partly) paid: a hostel year left early, an allotment undone.
 * The unpaid rest is waived and what was paid beyond the new charge goes back to the receipts
 * that paid it, as their excess credit, newest first.
 */
let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t);
});
afterAll(async () => t.close());

async function studentCharged(amountPaise: number, ref: string) {
  const s = await newStudent(t.db, college, { semester: 'I-I' });
  await t.db.transaction().execute((trx) =>
    postCharge(trx, { collegeId: college, studentId: s.id, head: 'HOSTEL', headName: 'Hostel fee', amountPaise, source: 'release-test', sourceRef: ref, dueDate: '2026-06-15' }),
  );
  return s;
}
const release = (ref: string, keepPaise: number) =>
  t.db.transaction().execute((trx) => releaseCharge(trx, { collegeId: college, source: 'release-test', sourceRef: ref, keepPaise }));
const books = async () => (await checkBooks(t.db, { days: 1 })).filter((d) => d.check === 'line' || d.check === 'receipt');

describe('releaseCharge', () => {
  it('waives the unpaid rest when less was paid than is kept', async () => {
    const s = await studentCharged(6_000_000, 'r1');
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 1_000_000 })).statusCode).toBe(200);
    // ₹60,000 cut to ₹25,000 with ₹10,000 paid: ₹35,000 waived, nothing comes back, ₹15,000 still owed.
    expect(await release('r1', 2_500_000)).toEqual({ waivedPaise: 3_500_000, releasedPaise: 0 });
    const l = await ledgerOf(t, s.rollNo);
    expect(l.lines[0]).toMatchObject({ amountPaise: 6_000_000, paidPaise: 1_000_000, waivedPaise: 3_500_000, balancePaise: 1_500_000 });
    expect(await books()).toEqual([]);
  });

  it('gives back what was paid beyond the new charge to the newest receipts first, as excess credit', async () => {
    const s = await studentCharged(6_000_000, 'r2');
    const first = (await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 4_000_000 })).json();
    const second = (await collect(t, { rollNo: s.rollNo, mode: 'upi', reference: 'UPI-REL-2', amount: 2_000_000 })).json();
    // Paid in full (₹40,000 + ₹20,000), cut to ₹25,000: ₹35,000 comes back, ₹20,000 from the
    // second receipt and ₹15,000 from the first; the line keeps ₹25,000 paid and owes nothing.
    expect(await release('r2', 2_500_000)).toEqual({ waivedPaise: 3_500_000, releasedPaise: 3_500_000 });
    const l = await ledgerOf(t, s.rollNo);
    expect(l.lines[0]).toMatchObject({ paidPaise: 2_500_000, waivedPaise: 3_500_000, balancePaise: 0 });
    const byId = new Map(l.receipts.map((r: { id: number; excessPaise: number }) => [r.id, r.excessPaise]));
    expect(byId.get(second.id)).toBe(2_000_000);
    expect(byId.get(first.id)).toBe(1_500_000);
    expect(await books()).toEqual([]);
  });

  it('undoes a charge entirely with keep 0, and changes nothing when asked to keep the whole charge', async () => {
    const s = await studentCharged(3_000_000, 'r3');
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 1_200_000 })).statusCode).toBe(200);
    expect(await release('r3', 3_000_000)).toEqual({ waivedPaise: 0, releasedPaise: 0 });
    // Undone: the ₹12,000 paid comes back and the whole ₹30,000 is taken off the student.
    expect(await release('r3', 0)).toEqual({ waivedPaise: 3_000_000, releasedPaise: 1_200_000 });
    const l = await ledgerOf(t, s.rollNo);
    expect(l.lines[0]).toMatchObject({ paidPaise: 0, waivedPaise: 3_000_000, balancePaise: 0 });
    expect(l.receipts[0].excessPaise).toBe(1_200_000);
    expect(await release('missing', 0)).toEqual({ waivedPaise: 0, releasedPaise: 0 });
    expect(await books()).toEqual([]);
  });

  it('keeps a counter receipt whose released money is being refunded from being cancelled, until the refund is rejected', async () => {
    const s = await studentCharged(2_000_000, 'r4');
    const r = (await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 2_000_000 })).json();
    await release('r4', 500_000);
    // ₹15,000 came back as the receipt's excess; ₹10,000 of it is proposed for refund.
    const [credit] = (await t.as('accountant', { method: 'GET', url: `/api/accounts/excess?rollNo=${s.rollNo}` })).json();
    expect(credit).toMatchObject({ receiptId: r.id, excessPaise: 1_500_000 });
    const refund = await proposeRefund(t, credit.id, 1_000_000);
    expect(refund.statusCode, refund.body).toBe(200);
    const cancel = () => t.as(OFFICER, { method: 'POST', url: `/api/accounts/receipts/${r.id}/cancel`, payload: { reason: 'Entered twice' } });
    const refused = await cancel();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNTS_MSG.refundHeld);
    expect((await ledgerOf(t, s.rollNo)).receipts[0].status).toBe('active');
    expect((await decideRefund(t, refund.json().id, 'reject')).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);
    expect(await books()).toEqual([]);
  });
});

