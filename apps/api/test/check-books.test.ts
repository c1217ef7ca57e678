import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../src/checks/books.js';
import { createTestApp, type TestApp } from './helpers.js';
import { collect, studentsWithDemand } from './modules/accounts.js';
import { approvedRefund, decideRefund, payRefund, proposeRefund, studentWithExcess } from './modules/refunds.js';
import { officeDate } from '../src/modules/accounts/ledger.receipts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const found = async () => (await checkBooks(t.db, { days: 2 })).map((d) => `${d.college} · ${d.check}: ${d.detail}`);

describe('check:books', () => {
  it('finds nothing to report on the demo colleges as seeded, nor after the counter takes fees', async () => {
    expect(await found()).toEqual([]);
    const { rolls } = await studentsWithDemand(t, 2);
    expect((await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 5_100_000 })).statusCode).toBe(200);
    expect((await collect(t, { rollNo: rolls[1], mode: 'upi', reference: 'UPI-BOOKS-1', amount: 300_000 })).statusCode).toBe(200);
    expect(await found()).toEqual([]);
  });

  it('names a line whose paid amount no receipt explains, a receipt that is not its allocations, and a gap in the receipt numbers', async () => {
    const { rolls } = await studentsWithDemand(t);
    const r = (await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 5_100_000 })).json();
    const line = r.allocations[0].lineId as number;
    await t.db.updateTable('acc_demand_lines').set({ paid_paise: 5_000_100 }).where('id', '=', line).execute();
    await t.db.updateTable('acc_receipts').set({ amount_paise: 5_100_050 }).where('id', '=', r.id).execute();
    await t.db.updateTable('acc_receipts').set({ receipt_no: r.receiptNo + 5 }).where('id', '=', r.id).execute();
    const list = await found();
    expect(list).toContain(`SVEC · line: line ${line} (student ${(await studentId(rolls[0]))}): paid ₹50001.00, receipts allocated ₹50000.00`);
    expect(list).toContain(`SVEC · receipt: receipt ${r.id}: ₹51000.50, allocated ₹51000.00 and excess ₹0.00`);
    expect(list).toContain(`SVEC · numbering: series C/${r.label.split('/')[2]} jumps from ${r.receiptNo - 1} to ${r.receiptNo + 5}`);
    // The receipt's own day in the day book still agrees with the ledger (both read the changed row).
    expect(list.filter((d) => d.includes('day book'))).toEqual([]);
    await t.db.updateTable('acc_demand_lines').set({ paid_paise: 5_000_000 }).where('id', '=', line).execute();
    await t.db.updateTable('acc_receipts').set({ amount_paise: 5_100_000, receipt_no: r.receiptNo }).where('id', '=', r.id).execute();
    expect(await found()).toEqual([]);
  });
});

describe('check:books with refunds', () => {
  it('holds a receipt to its allocations, excess left and refunds held, and the day book to the refunds paid by mode', async () => {
    const s = await studentWithExcess(t, 1_000_000);
    // ₹6,000 paid back by UPI, ₹1,000 proposed, ₹500 proposed and rejected: ₹3,000 left open.
    const paid = await approvedRefund(t, s.credit.id, 600_000);
    expect((await payRefund(t, paid, { mode: 'upi', reference: 'UPI-BOOKS-R', date: officeDate() })).statusCode).toBe(200);
    expect((await proposeRefund(t, s.credit.id, 100_000)).statusCode).toBe(200);
    const rejected = (await proposeRefund(t, s.credit.id, 50_000)).json().id;
    expect((await decideRefund(t, rejected, 'reject')).statusCode).toBe(200);
    expect(await found()).toEqual([]);
    // A refund whose amount no longer matches what it took from the credit is named with its receipt.
    await t.db.updateTable('acc_refunds').set({ amount_paise: 600_100 }).where('id', '=', paid).execute();
    expect(await found()).toEqual([
      `SVEC · receipt: receipt ${s.credit.receiptId}: ₹10000.00, allocated ₹0.00 and excess ₹3000.00 and refunds ₹7001.00`,
    ]);
    await t.db.updateTable('acc_refunds').set({ amount_paise: 600_000 }).where('id', '=', paid).execute();
    expect(await found()).toEqual([]);
  });
});

async function studentId(rollNo: string) {
  return (await t.db.selectFrom('students').select('id').where('roll_no', '=', rollNo).executeTakeFirstOrThrow()).id;
}
