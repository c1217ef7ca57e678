import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { libraryDues } from './library.service.js';
import { giveBack, holiday, issue, LIB, newStudent, newStudentLogin, newTitle } from '../../../test/modules/library.js';

/**
 * Circulation rules with the clock pinned: today is Wednesday 1 March 2028 in India (no seeded
 * holidays that year). Default UG rule: 4 items, 14 days, 2 renewals, ₹1 a working day, cap ₹100,
 * fines above ₹200 block issuing, 3 holds, 3 days on the hold shelf; lost = price + ₹100.
 */
let t: TestApp;
// Tokens live a day: the clock stays on one day and rows are back-dated instead.
const setToday = (iso: string) => vi.setSystemTime(new Date(`${iso}T06:00:00Z`));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setToday('2028-03-01');
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(() => setToday('2028-03-01'));

const backdate = (loanId: number, issuedOn: string, dueOn: string) =>
  t.db.updateTable('library_loans').set({ issued_on: issuedOn, due_on: dueOn }).where('id', '=', loanId).execute();

describe('issue', () => {
  it('lends for the loan period and moves a due date on holidays to the next working day', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t, { copies: 2 });
    const first = await issue(t, roll, accessions[0]);
    expect(first.statusCode).toBe(200);
    // 1 March + 14 days = Wednesday 15 March, a working day.
    expect(first.json()).toMatchObject({ dueOn: '2028-03-15', patron: roll, status: 'open', renewalsLeft: 2 });

    // 15 and 16 March become holidays: the next loan is due Friday 17 March.
    await holiday(t, '2028-03-15', '2028-03-16');
    const roll2 = await newStudent(t);
    const second = await issue(t, roll2, accessions[1]);
    expect(second.json().dueOn).toBe('2028-03-17');
  });

  it('refuses reference items, unavailable copies, unknown patrons and ended courses with clear messages', async () => {
    const roll = await newStudent(t);
    const ref = await newTitle(t, { itemType: 'reference' });
    expect((await issue(t, roll, ref.accessions[0])).json().message).toBe(LIBRARY_MSG.referenceNotForLoan);

    const { accessions } = await newTitle(t);
    expect((await issue(t, roll, accessions[0])).statusCode).toBe(200);
    const other = await newStudent(t);
    const taken = await issue(t, other, accessions[0]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(`${LIBRARY_MSG.notAvailable} (On loan)`);

    const nobody = await issue(t, 'ZZ9999', accessions[0]);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(LIBRARY_MSG.patronNotFound);

    const old = await newStudent(t, { batch: '2021-2025' });
    const fresh = await newTitle(t);
    const ended = await issue(t, old, fresh.accessions[0]);
    expect(ended.statusCode).toBe(400);
    expect(ended.json().message).toBe(LIBRARY_MSG.courseEnded);
  });

  it('stops at the category limit (UG: 4 items)', async () => {
    const roll = await newStudent(t);
    for (let i = 0; i < 4; i++) {
      const { accessions } = await newTitle(t);
      expect((await issue(t, roll, accessions[0])).statusCode).toBe(200);
    }
    const { accessions } = await newTitle(t);
    const fifth = await issue(t, roll, accessions[0]);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(`${LIBRARY_MSG.overLimit} (4)`);
  });

  it('gives the last copy to one of two desks issuing it at the same instant', async () => {
    const [a, b] = [await newStudent(t), await newStudent(t)];
    const { accessions } = await newTitle(t, { copies: 1 });
    const results = await Promise.all([issue(t, a, accessions[0]), issue(t, b, accessions[0])]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(400);
    const loser = results.find((r) => r.statusCode !== 200)!;
    expect([LIBRARY_MSG.lostRace, `${LIBRARY_MSG.notAvailable} (On loan)`]).toContain(loser.json().message);
    const open = await t.db
      .selectFrom('library_loans')
      .select('id')
      .where('status', '=', 'open')
      .where('patron_code', 'in', [a, b])
      .execute();
    expect(open).toHaveLength(1);
  });
});

describe('return and fines', () => {
  it('charges overdue working days only (Sundays and holidays free) and blocks issuing above ₹200', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t, { price: 50_000 });
    const loan = (await issue(t, roll, accessions[0])).json();
    // Due Friday 18 Feb; returned Wed 1 March: 12 days later, less Sundays 20 and 27 Feb and the holiday 22 Feb = 9.
    await backdate(loan.id, '2028-02-04', '2028-02-18');
    await holiday(t, '2028-02-22');
    const res = await giveBack(t, accessions[0]);
    expect(res.statusCode).toBe(200);
    expect(res.json().fine).toMatchObject({ amount: 900, overdueDays: 9, status: 'unpaid' });
    expect(res.json().loan).toMatchObject({ status: 'returned', returnedOn: '2028-03-01' });
    expect(res.json().message).toContain('Fine ₹9 for 9 overdue working days');

    const student = await t.db.selectFrom('students').select('id').where('roll_no', '=', roll).executeTakeFirstOrThrow();
    const college = await t.db.selectFrom('colleges').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect(await libraryDues(t.db, college.id, student.id)).toBe(900);
  });

  it('caps a fine at the default rule’s ₹100 (the copy’s price caps only when the rule says so)', async () => {
    const roll = await newStudent(t);
    const dear = await newTitle(t, { price: 90_000 });
    const cheap = await newTitle(t, { price: 4_000 });
    const l1 = (await issue(t, roll, dear.accessions[0])).json();
    const l2 = (await issue(t, roll, cheap.accessions[0])).json();
    await backdate(l1.id, '2027-10-01', '2027-10-15');
    await backdate(l2.id, '2027-10-01', '2027-10-15');
    expect((await giveBack(t, dear.accessions[0])).json().fine.amount).toBe(10_000);
    expect((await giveBack(t, cheap.accessions[0])).json().fine.amount).toBe(10_000);

    // ₹200 unpaid (not above the ₹200 block); a third overdue loan takes it to ₹300.
    const third = await newTitle(t, { price: 90_000 });
    const l3 = (await issue(t, roll, third.accessions[0])).json();
    await backdate(l3.id, '2027-10-01', '2027-10-15');
    await giveBack(t, third.accessions[0]);
    const next = await newTitle(t);
    const refused = await issue(t, roll, next.accessions[0]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${LIBRARY_MSG.fineBlock} (₹300 unpaid, limit ₹200)`);
  });

  it('takes the payment mode and reference at the desk and records them with the receipt', async () => {
    const roll = await newStudent(t);
    const loan = (await issue(t, roll, (await newTitle(t, { price: 20_000 })).accessions[0])).json();
    const fineId = (await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/lost` })).json().fine.id;
    const pay = (payload: Record<string, unknown>) =>
      t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${fineId}/pay`, payload });
    const noRef = await pay({ mode: 'upi', reference: ' ' });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().message).toBe('Enter the reference (UPI reference, card slip or cheque number)');
    expect((await pay({ mode: 'barter' })).json().message).toBe('Choose how the fine was paid');
    const fineRow = () =>
      t.db.selectFrom('library_fines').select(['status', 'payment_mode', 'payment_reference']).where('id', '=', fineId).executeTakeFirstOrThrow();
    expect((await fineRow()).status).toBe('unpaid');
    const paid = await pay({ mode: 'upi', reference: 'UPI431209876' });
    expect(paid.statusCode).toBe(200);
    expect(await fineRow()).toEqual({ status: 'paid', payment_mode: 'upi', payment_reference: 'UPI431209876' });
    // The student's ledger receipt carries the same mode.
    const receipt = await t.db
      .selectFrom('acc_receipts')
      .select(['mode', 'reference'])
      .where('reference', 'like', '%UPI431209876%')
      .executeTakeFirstOrThrow();
    expect(receipt.mode).toBe('upi');
  });

  it('pays a fine with a numbered receipt, lets only the incharge waive, and charges a lost copy price + processing', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t, { price: 35_000 });
    const loan = (await issue(t, roll, accessions[0])).json();
    const lost = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/lost` });
    expect(lost.statusCode).toBe(200);
    expect(lost.json().fine).toMatchObject({ kind: 'lost', amount: 45_000 });
    const fineId = lost.json().fine.id;

    expect(
      (
        await t.as('libraryassistant', {
          method: 'POST',
          url: `${LIB}/fines/${fineId}/waive`,
          payload: { reason: 'Student found it' },
        })
      ).statusCode,
    ).toBe(403);
    const paid = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${fineId}/pay` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().fine.status).toBe('paid');
    expect(paid.json().fine.receiptNo).toBeGreaterThan(0);
    const again = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${fineId}/pay` });
    expect(again.json().message).toBe(LIBRARY_MSG.fineSettled);
    const pdf = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/fines/${fineId}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A second fine waived by the incharge.
    const other = await newTitle(t);
    const l2 = (await issue(t, roll, other.accessions[0])).json();
    await backdate(l2.id, '2028-02-01', '2028-02-28');
    const f2 = (await giveBack(t, other.accessions[0])).json().fine;
    const short = await t.as('librarian', { method: 'POST', url: `${LIB}/fines/${f2.id}/waive`, payload: { reason: '' } });
    expect(short.statusCode).toBe(400);
    const waived = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/fines/${f2.id}/waive`,
      payload: { reason: 'Medical leave certificate' },
    });
    expect(waived.json().fine).toMatchObject({ status: 'waived', waiveReason: 'Medical leave certificate' });
  });
});

describe('holds and renewals', () => {
  it('queues holds first come first served, routes a return to the first, and passes an expired hold to the next', async () => {
    const [owner, a, b, c] = [await newStudent(t), await newStudent(t), await newStudent(t), await newStudent(t)];
    const { id: titleId, accessions } = await newTitle(t, { copies: 1 });
    expect((await issue(t, owner, accessions[0])).statusCode).toBe(200);

    const hold = (patron: string) =>
      t.as('libraryassistant', { method: 'POST', url: `${LIB}/holds`, payload: { titleId, patron } });
    const ha = await hold(a);
    expect(ha.json()).toMatchObject({ status: 'waiting', position: 1 });
    const hb = await hold(b);
    expect(hb.json().position).toBe(2);
    expect((await hold(a)).json().message).toBe(LIBRARY_MSG.holdExists);

    // Renewal refused while others wait.
    const ownerLoan = await t.db
      .selectFrom('library_loans')
      .select('id')
      .where('patron_code', '=', owner)
      .executeTakeFirstOrThrow();
    const renew = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${ownerLoan.id}/renew` });
    expect(renew.json().message).toBe(LIBRARY_MSG.renewHeld);

    const back = await giveBack(t, accessions[0]);
    expect(back.json().hold).toMatchObject({ patron: a, status: 'ready', expiresOn: '2028-03-04' });
    expect(back.json().message).toContain(`hold shelf for Test Student ${a}`);
    expect((await issue(t, c, accessions[0])).json().message).toBe(LIBRARY_MSG.heldForOther);

    // A does not come in time (the hold's last day is moved to the past): the copy now waits for B until Saturday 4 March.
    await t.db.updateTable('library_holds').set({ expires_on: '2028-02-29' }).where('id', '=', ha.json().id).execute();
    const shelf = await t.as('librarian', { method: 'GET', url: `${LIB}/holds/shelf` });
    expect(shelf.json().expired.map((h: { patron: string }) => h.patron)).toContain(a);
    const readyB = shelf.json().ready.find((h: { patron: string }) => h.patron === b);
    expect(readyB).toMatchObject({ accessionNo: accessions[0], expiresOn: '2028-03-04' });
    expect((await issue(t, a, accessions[0])).json().message).toBe(LIBRARY_MSG.heldForOther);
    const lent = await issue(t, b, accessions[0]);
    expect(lent.statusCode).toBe(200);
    const bHold = await t.db
      .selectFrom('library_holds')
      .select('status')
      .where('id', '=', hb.json().id)
      .executeTakeFirstOrThrow();
    expect(bHold.status).toBe('fulfilled');
  });

  it('renews by the desk up to the allowed renewals, and refuses a hold while a copy is on the shelf', async () => {
    const roll = await newStudent(t);
    const { id: titleId, accessions } = await newTitle(t, { copies: 2 });
    const loan = (await issue(t, roll, accessions[0])).json();
    const renew = () => t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` });
    await backdate(loan.id, '2028-02-20', '2028-03-05');
    // Renewed on 1 March: 1 March + 14 = 15 March, a holiday with the 16th: due Friday 17 March.
    await holiday(t, '2028-03-15', '2028-03-16');
    expect((await renew()).json()).toMatchObject({ dueOn: '2028-03-17', renewals: 1, renewalsLeft: 1 });
    // A second renewal the same day would move nothing: it is asked for nearer the (back-dated) date.
    await backdate(loan.id, '2028-02-20', '2028-03-05');
    expect((await renew()).json().renewals).toBe(2);
    expect((await renew()).json().message).toBe(LIBRARY_MSG.renewalsUsed);

    const other = await newStudent(t);
    const h = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/holds`, payload: { titleId, patron: other } });
    expect(h.json().message).toBe(LIBRARY_MSG.holdAvailable);
  });

  it('refuses a renewal that would not move the due date, and uses no renewal', async () => {
    const roll = await newStudent(t);
    const loan = (await issue(t, roll, (await newTitle(t)).accessions[0])).json();
    // Issued today, 1 March: due 15 March (17 March if an earlier test closed the 15th and 16th);
    // renewing today would give the same day again.
    const [y, m, d] = loan.dueOn.split('-');
    const res = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`It is due on ${d}-${m}-${y} already; renew nearer the date`);
    const row = await t.db.selectFrom('library_loans').select(['renewals', 'due_on']).where('id', '=', loan.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ renewals: 0, due_on: loan.dueOn });
    // Nearer the date (due 5 March), it moves to the same date a new loan today gets.
    await backdate(loan.id, '2028-02-20', '2028-03-05');
    expect((await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` })).json()).toMatchObject({
      dueOn: loan.dueOn,
      renewals: 1,
    });
  });

  it('lets a student see only their own loans and renew only their own', async () => {
    const student = await newStudentLogin(t);
    const me = await t.as(student, { method: 'GET', url: `${LIB}/me` });
    expect(me.statusCode).toBe(200);
    expect(me.json().patron).toMatchObject({ code: student, category: 'UG' });
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t);
    const loan = (await issue(t, roll, accessions[0])).json();
    const res = await t.as(student, { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` });
    expect(res.statusCode).toBe(403);
    expect((await t.as(student, { method: 'GET', url: `${LIB}/patrons/${roll}` })).statusCode).toBe(403);
    // Their own loan they see and renew.
    const own = (await issue(t, student, (await newTitle(t)).accessions[0])).json();
    expect((await t.as(student, { method: 'GET', url: `${LIB}/me` })).json().loans.map((l: { id: number }) => l.id)).toEqual([
      own.id,
    ]);
    await backdate(own.id, '2028-02-20', '2028-03-05');
    expect((await t.as(student, { method: 'POST', url: `${LIB}/loans/${own.id}/renew` })).statusCode).toBe(200);
  });
});

describe('fines in the accounts ledger', () => {
  const ledgerOf = async (rollNo: string) =>
    (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` })).json();
  const fineLines = async (rollNo: string) => (await ledgerOf(rollNo)).lines.filter((l: any) => l.source === 'library');

  it('posts a student fine on return; paying at the desk pays the line with a library-desk receipt', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t, { price: 50_000 });
    const loan = (await issue(t, roll, accessions[0])).json();
    // Due Mon 21 Feb, returned Wed 1 March: 23, 24, 25, 26, 28, 29 Feb and 1 March (22 Feb a holiday) = 7 working days = ₹7.
    await backdate(loan.id, '2028-02-07', '2028-02-21');
    const fine = (await giveBack(t, accessions[0])).json().fine;
    expect(fine.amount).toBe(700);
    expect(await fineLines(roll)).toEqual([
      expect.objectContaining({
        headCode: 'LIBRARY_FINE',
        fy: '2027-28',
        dueDate: '2028-03-01',
        amountPaise: 700,
        balancePaise: 700,
      }),
    ]);
    expect((await ledgerOf(roll)).totals.studentDuePaise).toBe(700);

    expect((await t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${fine.id}/pay` })).statusCode).toBe(200);
    const l = await ledgerOf(roll);
    expect(l.lines.find((x: any) => x.source === 'library')).toMatchObject({ paidPaise: 700, balancePaise: 0 });
    expect(l.receipts).toEqual([expect.objectContaining({ amountPaise: 700, mode: 'cash', receiptNo: null })]);
    expect(l.receipts[0].label).toMatch(/^Library desk SVEC\/LIB\/\d{6}$/);
    expect(l.totals).toMatchObject({ studentDuePaise: 0, advancePaise: 0 });
  });

  it('a waiver takes the fine back; a lost copy posts price + processing', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t, { price: 50_000, copies: 2 });
    const loan = (await issue(t, roll, accessions[0])).json();
    await backdate(loan.id, '2028-02-07', '2028-02-21');
    const fine = (await giveBack(t, accessions[0])).json().fine;
    const w = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/fines/${fine.id}/waive`,
      payload: { reason: 'First time' },
    });
    expect(w.statusCode).toBe(200);
    expect(await fineLines(roll)).toEqual([expect.objectContaining({ amountPaise: 700, waivedPaise: 700, balancePaise: 0 })]);

    const second = (await issue(t, roll, accessions[1])).json();
    expect((await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${second.id}/lost` })).statusCode).toBe(200);
    // ₹500 price + ₹100 processing.
    expect((await fineLines(roll)).map((l: any) => [l.amountPaise, l.balancePaise])).toEqual([
      [700, 0],
      [60_000, 60_000],
    ]);
  });
});
