import { accountsFy, ACCOUNTS_MSG, REFUND_MSG, ROLES } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newUser } from '../../../test/builders.js';
import { ACCOUNTANT, OFFICER, ledgerOf, pdfText } from '../../../test/modules/accounts.js';
import { approvedRefund, decideRefund, payRefund, proposeRefund, studentWithExcess } from '../../../test/modules/refunds.js';
import { deskMode } from './ledger.charges.js';
import { officeDate } from './ledger.receipts.js';

/**
 * Refunding an excess credit: proposed by an accountant (the amount leaves the credit at once),
 * approved or rejected by the accounts officer, paid as a numbered refund voucher that the day book
 * shows as money out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = officeDate();
const fy = accountsFy(today);
const credit = async (rollNo: string) =>
  (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/excess?rollNo=${rollNo}` })).json()[0];
const listOf = async (query: string, as = ACCOUNTANT) =>
  (await t.as(as, { method: 'GET', url: `/api/accounts/refunds?${query}` })).json();
const audits = (entityId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'username', 'before_json', 'after_json'])
    .where('entity', '=', 'acc_refund')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
const dayBook = async () =>
  (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/daybook?date=${today}&book=day` })).json();
const upiRefunded = (book: { byMode: Array<{ mode: string; refundedPaise: number }> }) =>
  book.byMode.find((m) => m.mode === 'upi')?.refundedPaise ?? 0;

describe('a refund from proposal to voucher', () => {
  it('reserves the amount at proposal, is approved by the officer, and is paid as a numbered voucher in the day book', async () => {
    const s = await studentWithExcess(t, 1_000_000);
    // ₹6,000 of the ₹10,000 credit proposed: ₹4,000 stays open (and is the student's advance).
    const p = await proposeRefund(t, s.credit.id, 600_000);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({
      excessId: s.credit.id,
      receiptLabel: s.credit.receiptLabel,
      rollNo: s.rollNo,
      amountPaise: 600_000,
      reason: 'Paid twice',
      status: 'proposed',
      voucherNo: null,
      voucherLabel: '',
      pdfUrl: '',
    });
    const id = p.json().id as number;
    expect(await credit(s.rollNo)).toMatchObject({ excessPaise: 400_000, status: 'open' });
    expect((await ledgerOf(t, s.rollNo)).totals.advancePaise).toBe(400_000);
    expect((await listOf(`rollNo=${s.rollNo}&status=proposed`)).items.map((r: { id: number }) => r.id)).toEqual([id]);

    const d = await decideRefund(t, id, 'approve');
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json()).toMatchObject({ status: 'approved', decisionNote: 'Checked the bank statement' });
    expect(d.json().decidedBy).not.toBe('');

    const before = await dayBook();
    const paid = await payRefund(t, id, { mode: 'upi', reference: 'UPI-REF-1', date: today });
    expect(paid.statusCode, paid.body).toBe(200);
    const r = paid.json();
    expect(r).toMatchObject({
      status: 'paid',
      mode: 'upi',
      reference: 'UPI-REF-1',
      paidOn: today,
      pdfUrl: `/api/accounts/refunds/${id}/pdf`,
    });
    expect(r.voucherLabel).toBe(`SVEC/RV/${fy}/${String(r.voucherNo).padStart(5, '0')}`);

    // The day book: money out by ₹6,000 (by UPI), nothing more received, closing ₹6,000 lower.
    const after = await dayBook();
    expect(after.paymentsPaise - before.paymentsPaise).toBe(600_000);
    expect(after.receiptsPaise).toBe(before.receiptsPaise);
    expect(after.closingPaise - before.closingPaise).toBe(-600_000);
    expect(upiRefunded(after) - upiRefunded(before)).toBe(600_000);
    const upi = after.byMode.find((m: { mode: string }) => m.mode === 'upi');
    expect(upi.netPaise).toBe(upi.receivedPaise - upi.paidPaise - upi.refundedPaise);
    expect(after.entries.find((e: { kind: string; id: number }) => e.kind === 'refund' && e.id === id)).toMatchObject({
      label: r.voucherLabel,
      rollNo: s.rollNo,
      mode: 'upi',
      amountPaise: 600_000,
    });
    // The cash book has no UPI refund in it.
    const cash = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/daybook?date=${today}&book=cash` })).json();
    expect(cash.entries.some((e: { kind: string; id: number }) => e.kind === 'refund' && e.id === id)).toBe(false);

    // Every step audited, by who did it.
    expect((await audits(id)).map((a) => [a.action, a.username])).toEqual([
      ['refund.propose', ACCOUNTANT],
      ['refund.decide', OFFICER],
      ['refund.pay', ACCOUNTANT],
    ]);
    // Paid once only.
    const again = await payRefund(t, id, { mode: 'cash', date: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MSG.paid);
    // What is left of the credit can still be refunded; its voucher takes the next number.
    const next = await approvedRefund(t, s.credit.id, 400_000);
    expect(await credit(s.rollNo)).toMatchObject({ excessPaise: 0, status: 'refunded' });
    const second = (await payRefund(t, next, { mode: 'cash', date: today })).json();
    expect(second.voucherNo).toBe(r.voucherNo + 1);
    expect(second.reference).toBe('');
  });

  it('renders the voucher PDF with its number, the student and a verification code', async () => {
    const s = await studentWithExcess(t, 250_000);
    const id = await approvedRefund(t, s.credit.id, 250_000);
    const unpaid = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/refunds/${id}/pdf` });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe(REFUND_MSG.notPaid);
    const r = (await payRefund(t, id, { mode: 'cheque', reference: 'CHQ 004512', date: today })).json();
    const pdf = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/refunds/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('REFUND VOUCHER');
    expect(text).toContain(r.voucherLabel);
    expect(text).toContain(s.rollNo);
    expect(text).toContain('2,500.00');
    expect(text).toContain('CHQ 004512');
    expect(text).toContain('Scan to verify this document');
    const row = await t.db.selectFrom('acc_refunds').select('doc_code').where('id', '=', id).executeTakeFirstOrThrow();
    const verify = (await t.app.inject({ method: 'GET', url: `/api/documents/verify/${row.doc_code}` })).json();
    expect(verify).toMatchObject({ kind: 'refund-voucher', revoked: false });
  });
});

describe('what a refund may not do', () => {
  it('cannot be more than is open on the credit, nor spend what another refund holds; a rejection gives it back', async () => {
    const s = await studentWithExcess(t, 1_000_000);
    const over = await proposeRefund(t, s.credit.id, 1_000_001);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(REFUND_MSG.tooLarge);
    const all = await proposeRefund(t, s.credit.id, 1_000_000);
    expect(all.statusCode).toBe(200);
    expect(await credit(s.rollNo)).toMatchObject({ excessPaise: 0, status: 'refunded' });
    // Nothing left for a second refund nor to set against dues.
    const second = await proposeRefund(t, s.credit.id, 100);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ACCOUNTS_MSG.excessNotOpen);
    const adjust = await t.as(ACCOUNTANT, { method: 'POST', url: `/api/accounts/excess/${s.credit.id}/adjust` });
    expect(adjust.statusCode).toBe(409);
    // Rejected: the ₹10,000 is held for the student again.
    const rejected = await decideRefund(t, all.json().id, 'reject', OFFICER, 'The student asked to keep it for next year');
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'The student asked to keep it for next year' });
    expect(await credit(s.rollNo)).toMatchObject({ excessPaise: 1_000_000, status: 'open' });
    expect((await ledgerOf(t, s.rollNo)).totals.advancePaise).toBe(1_000_000);
    // A decided refund is not decided again, nor paid.
    const again = await decideRefund(t, all.json().id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MSG.decided);
    const pay = await payRefund(t, all.json().id, { mode: 'cash', date: today });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(REFUND_MSG.notApproved);
  });

  it('is approved by the accounts officer only, and never by the one who proposed it', async () => {
    const s = await studentWithExcess(t, 300_000);
    const own = await proposeRefund(t, s.credit.id, 100_000, OFFICER);
    expect(own.statusCode).toBe(200);
    const self = await decideRefund(t, own.json().id, 'approve', OFFICER);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ACCOUNTS_MSG.ownProposal);
    const byAccountant = await proposeRefund(t, s.credit.id, 100_000);
    for (const who of [ACCOUNTANT, 'principal', s.username])
      expect((await decideRefund(t, byAccountant.json().id, 'approve', who)).statusCode).toBe(403);
    expect((await proposeRefund(t, s.credit.id, 100_000, 'principal')).statusCode).toBe(403);
    expect((await t.as(s.username, { method: 'GET', url: '/api/accounts/refunds' })).statusCode).toBe(403);
    // The officer may withdraw their own proposal by rejecting it.
    expect((await decideRefund(t, own.json().id, 'reject', OFFICER)).json().status).toBe('rejected');
    expect(await credit(s.rollNo)).toMatchObject({ excessPaise: 200_000, status: 'open' });
    // Another college's accountant sees none of it.
    const srk = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SRK').executeTakeFirstOrThrow()).id;
    const other = (await newUser(t.db, srk, { roles: [ROLES.ACCOUNTANT] })).username;
    const there = await t.as(
      other,
      { method: 'POST', url: '/api/accounts/refunds', payload: { excessId: s.credit.id, amountPaise: 100, reason: 'x' } },
      'srk.localhost',
    );
    expect(there.statusCode).toBe(404);
    expect(there.json().message).toBe(ACCOUNTS_MSG.excessNotFound);
    expect(
      (await t.as(other, { method: 'GET', url: `/api/accounts/refunds?rollNo=${s.rollNo}` }, 'srk.localhost')).json().total,
    ).toBe(0);
  });

  it('is paid with a reference unless in cash, on a real day not in the future, the ways a desk pays', async () => {
    const s = await studentWithExcess(t, 200_000);
    const id = await approvedRefund(t, s.credit.id, 200_000);
    const noRef = await payRefund(t, id, { mode: 'bank_transfer', date: today });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().message).toBe(ACCOUNTS_MSG.referenceNeeded);
    const tomorrow = officeDate(Date.now() + 86_400_000);
    const future = await payRefund(t, id, { mode: 'cash', date: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(REFUND_MSG.dateInFuture);
    const early = await payRefund(t, id, { mode: 'cash', date: officeDate(Date.now() - 2 * 86_400_000) });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(REFUND_MSG.dateBeforeProposal);
    expect((await payRefund(t, id, { mode: 'online', reference: 'x', date: today })).statusCode).toBe(400);
    expect((await payRefund(t, id, { mode: 'cash', date: '2026-02-30' })).statusCode).toBe(400);
    // Nothing was half-saved by the refusals.
    expect((await listOf(`rollNo=${s.rollNo}`)).items[0]).toMatchObject({ status: 'approved', voucherNo: null });
    // The modes offered are the ledger's desk modes.
    for (const m of ['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer']) expect(deskMode(m)).toBe(m);
  });
});

describe('two clerks at once', () => {
  it('two proposals of the same money, or two payments of one refund: one wins, the other is told', async () => {
    const s = await studentWithExcess(t, 500_000);
    const [a, b] = await Promise.all([proposeRefund(t, s.credit.id, 500_000), proposeRefund(t, s.credit.id, 500_000)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const id = (a.statusCode === 200 ? a : b).json().id as number;
    expect((await listOf(`rollNo=${s.rollNo}`)).total).toBe(1);

    expect((await decideRefund(t, id, 'approve')).statusCode).toBe(200);
    const pays = await Promise.all([
      payRefund(t, id, { mode: 'cash', date: today }),
      payRefund(t, id, { mode: 'upi', reference: 'UPI-RACE', date: today }),
    ]);
    expect(pays.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(pays.find((r) => r.statusCode === 409)!.json().message).toBe(REFUND_MSG.paid);
    // One voucher number was taken: the next refund's is the one after it.
    const won = pays.find((r) => r.statusCode === 200)!.json();
    const s2 = await studentWithExcess(t, 100_000);
    const next = (await payRefund(t, await approvedRefund(t, s2.credit.id, 100_000), { mode: 'cash', date: today })).json();
    expect(next.voucherNo).toBe(won.voucherNo + 1);
  });

  it('two approvals of one refund: one approves, the other is told it is decided', async () => {
    const s = await studentWithExcess(t, 100_000);
    const id = (await proposeRefund(t, s.credit.id, 100_000)).json().id;
    const both = await Promise.all([decideRefund(t, id, 'approve'), decideRefund(t, id, 'approve')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await audits(id)).filter((a) => a.action === 'refund.decide')).toHaveLength(1);
  });

  it('an approval and a rejection at once: one decides, and the credit is as that decision left it', async () => {
    const s = await studentWithExcess(t, 100_000);
    const id = (await proposeRefund(t, s.credit.id, 100_000)).json().id;
    const both = await Promise.all([decideRefund(t, id, 'approve'), decideRefund(t, id, 'reject')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(REFUND_MSG.decided);
    const status = (await listOf(`rollNo=${s.rollNo}`)).items[0].status;
    // approved: the ₹1,000 stays held by the refund; rejected: it is open on the credit again
    expect(await credit(s.rollNo)).toMatchObject(
      status === 'approved' ? { excessPaise: 0, status: 'refunded' } : { excessPaise: 100_000, status: 'open' },
    );
  });
});

describe('the refunds list', () => {
  it('filters by status and roll number and pages', async () => {
    const s = await studentWithExcess(t, 300_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await proposeRefund(t, s.credit.id, 100_000)).json().id);
    await decideRefund(t, ids[0]!, 'reject');
    const page1 = await listOf(`rollNo=${s.rollNo.toLowerCase()}&pageSize=2&page=1`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await listOf(`rollNo=${s.rollNo}&pageSize=2&page=2`)).items.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await listOf(`rollNo=${s.rollNo}&status=rejected`)).items.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await listOf(`rollNo=${s.rollNo}&status=paid`)).total).toBe(0);
    // the start of a roll number finds it too
    expect((await listOf(`rollNo=${s.rollNo.slice(0, -1)}&pageSize=200`)).items.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining(ids),
    );
    const bad = await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/refunds?status=lost' });
    expect(bad.statusCode).toBe(400);
  });
});
