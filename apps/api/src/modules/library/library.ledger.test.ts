import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNTS_MSG, LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { issue, LIB, newStudent, newTitle } from '../../../test/modules/library.js';

/**
 * A library fine paid (fully or partly) or waived at the accounts counter follows in the
 * library, in the receipt's transaction; two clerks settling one fine at once; copies in
 * transit; posting the rows an older version never posted. Today: Wed 1 March 2028.
 * A lost copy costs its price ₹500 + the ₹100 processing charge = ₹600 = 60,000 paise.
 */
let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2028-03-01T06:00:00Z'));
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** Lost-copy fines of ₹600 each for the patron (all copies issued first: a fine blocks issuing); returns the fine ids. */
async function lostFines(roll: string, n: number): Promise<number[]> {
  const loans: number[] = [];
  for (let i = 0; i < n; i++) {
    const { accessions } = await newTitle(t, { price: 50_000 });
    loans.push((await issue(t, roll, accessions[0])).json().id);
  }
  const ids: number[] = [];
  for (const id of loans) {
    const lost = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${id}/lost` });
    expect(lost.statusCode).toBe(200);
    ids.push(lost.json().fine.id);
  }
  return ids;
}
const lostFine = async (roll: string) => (await lostFines(roll, 1))[0];

const fineOf = async (roll: string, id: number) =>
  (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` }))
    .json()
    .fines.items.find((f: { id: number }) => f.id === id);

const collect = (roll: string, amount: number, clerk = 'accountant') =>
  t.as(clerk, { method: 'POST', url: '/api/accounts/receipts', payload: { rollNo: roll, mode: 'cash', amount } });

const line = (id: number) =>
  t.db
    .selectFrom('acc_demand_lines')
    .select(['amount_paise', 'paid_paise', 'waived_paise'])
    .where('source', '=', 'library')
    .where('source_ref', '=', `fine-${id}`)
    .executeTakeFirstOrThrow();

describe('a library fine settled at the accounts counter', () => {
  it('one receipt over two fines pays the first and part of the second; the patron record shows paid and outstanding', async () => {
    const roll = await newStudent(t);
    const [a, b] = await lostFines(roll, 2);
    const r = await collect(roll, 90_000);
    expect(r.statusCode).toBe(200);
    // The stated order: same year and head, the older line first: 60,000 to fine a, 30,000 to fine b.
    expect(r.json().allocations.map((x: { amountPaise: number }) => x.amountPaise)).toEqual([60_000, 30_000]);
    expect(await fineOf(roll, a)).toMatchObject({ status: 'paid', paidAmount: 60_000, outstanding: 0 });
    expect(await fineOf(roll, b)).toMatchObject({ status: 'part_paid', paidAmount: 30_000, outstanding: 30_000 });
    const view = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` })).json();
    expect(view.patron.unpaidFines).toBe(30_000);

    // The desk collects the rest of fine b: its own receipt for ₹300, the ledger line paid in full.
    const pay = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${b}/pay` });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().message).toBe('Fine paid (₹300): print the receipt');
    expect(pay.json().fine).toMatchObject({ status: 'paid', paidAmount: 60_000, outstanding: 0 });
    expect(await line(b)).toEqual({ amount_paise: 60_000, paid_paise: 60_000, waived_paise: 0 });
    // Nothing left: the counter says so, and so does the desk.
    expect((await collect(roll, 100)).json().message).toBe(ACCOUNTS_MSG.nothingDue);
    expect((await t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${a}/pay` })).json().message).toBe(
      LIBRARY_MSG.fineSettled,
    );
  });

  it('cancelling the counter receipt puts the fine back to unpaid; a waiver of a partly paid fine keeps what was paid', async () => {
    const roll = await newStudent(t);
    const f = await lostFine(roll);
    const r = (await collect(roll, 60_000)).json();
    expect(await fineOf(roll, f)).toMatchObject({ status: 'paid', paidAmount: 60_000 });
    const cancel = await t.as('accountsofficer', {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: 'Cheque entered as cash by mistake' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await fineOf(roll, f)).toMatchObject({ status: 'unpaid', paidAmount: 0, outstanding: 60_000, paidAt: null });

    expect((await collect(roll, 20_000)).statusCode).toBe(200);
    const waive = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/fines/${f}/waive`,
      payload: { reason: 'Copy found later' },
    });
    expect(waive.statusCode).toBe(200);
    expect(waive.json().fine).toMatchObject({ status: 'waived', paidAmount: 20_000, waivedAmount: 40_000, outstanding: 0 });
    expect(await line(f)).toEqual({ amount_paise: 60_000, paid_paise: 20_000, waived_paise: 40_000 });
    expect(
      (await t.as('librarian', { method: 'POST', url: `${LIB}/fines/${f}/waive`, payload: { reason: 'Again' } })).json().message,
    ).toBe(LIBRARY_MSG.fineSettled);
  });

  it('two clerks settling the same fine at once: exactly one receipt settles it, the other is refused', async () => {
    const roll = await newStudent(t);
    const f = await lostFine(roll);
    const [x, y] = await Promise.all([collect(roll, 60_000, 'accountant'), collect(roll, 60_000, 'accountsofficer')]);
    const ok = [x, y].filter((r) => r.statusCode === 200);
    const refused = [x, y].filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect([400, 409]).toContain(refused[0].statusCode);
    expect([ACCOUNTS_MSG.nothingDue, ACCOUNTS_MSG.allocationLine]).toContain(refused[0].json().message);
    expect(await line(f)).toEqual({ amount_paise: 60_000, paid_paise: 60_000, waived_paise: 0 });
    expect(await fineOf(roll, f)).toMatchObject({ status: 'paid', paidAmount: 60_000 });
    const student = await t.db.selectFrom('students').select('id').where('roll_no', '=', roll).executeTakeFirstOrThrow();
    const receipts = await t.db.selectFrom('acc_receipts').select('amount_paise').where('student_id', '=', student.id).execute();
    expect(receipts.map((r) => r.amount_paise)).toEqual([60_000]);
  });

  it('the library desk and the accounts counter at once: one takes the money, the other is told', async () => {
    const roll = await newStudent(t);
    const f = await lostFine(roll);
    const [desk, counter] = await Promise.all([
      t.as('libraryassistant', { method: 'POST', url: `${LIB}/fines/${f}/pay` }),
      collect(roll, 60_000),
    ]);
    expect([desk.statusCode, counter.statusCode].filter((s) => s === 200)).toHaveLength(1);
    if (desk.statusCode !== 200) expect([LIBRARY_MSG.fineSettled, LIBRARY_MSG.fineChanged]).toContain(desk.json().message);
    else expect([ACCOUNTS_MSG.nothingDue, ACCOUNTS_MSG.allocationLine]).toContain(counter.json().message);
    expect(await line(f)).toEqual({ amount_paise: 60_000, paid_paise: 60_000, waived_paise: 0 });
    expect(await fineOf(roll, f)).toMatchObject({ status: 'paid', outstanding: 0 });
  });
});

describe('copies in transit', () => {
  it('the desk sends a copy for binding and receives it back, audited; checkout refuses it meanwhile', async () => {
    const roll = await newStudent(t);
    const { id: titleId, accessions } = await newTitle(t, { copies: 1 });
    const copy = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${titleId}` })).json().copyList[0];
    const send = await t.as('libraryassistant', {
      method: 'PUT',
      url: `${LIB}/copies/${copy.id}`,
      payload: { status: 'in_transit', note: 'Sent for binding' },
    });
    expect(send.statusCode).toBe(200);
    expect(send.json().status).toBe('in_transit');
    const refused = await issue(t, roll, accessions[0]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LIBRARY_MSG.inTransit);
    // Sending it again is refused: it is not on the shelf.
    const again = await t.as('libraryassistant', {
      method: 'PUT',
      url: `${LIB}/copies/${copy.id}`,
      payload: { status: 'in_transit' },
    });
    expect(again.statusCode).toBe(200); // same status: nothing changes
    const back = await t.as('libraryassistant', {
      method: 'PUT',
      url: `${LIB}/copies/${copy.id}`,
      payload: { status: 'available', note: 'Back from the binder' },
    });
    expect(back.json().status).toBe('available');
    const loan = await issue(t, roll, accessions[0]);
    expect(loan.statusCode).toBe(200);
    // On loan it cannot go in transit.
    const onLoan = await t.as('libraryassistant', {
      method: 'PUT',
      url: `${LIB}/copies/${copy.id}`,
      payload: { status: 'in_transit' },
    });
    expect(onLoan.json().message).toBe('The copy is on loan: return it before changing its status');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after_json', 'before_json', 'username'])
      .where('entity', '=', 'library_copy')
      .where('entity_id', '=', accessions[0])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, JSON.parse(r.before_json!).status, JSON.parse(r.after_json!).status])).toEqual([
      ['library.copy.status', 'available', 'in_transit'],
      ['library.copy.edit', 'in_transit', 'in_transit'],
      ['library.copy.status', 'in_transit', 'available'],
    ]);
    expect(JSON.parse(rows[0].after_json!).note).toBe('Sent for binding');
    expect(rows[0].username).toBe('libraryassistant');
  });

  it('a lost copy cannot be sent in transit', async () => {
    const { id: titleId } = await newTitle(t, { copies: 1 });
    const copy = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${titleId}` })).json().copyList[0];
    await t.as('librarian', { method: 'PUT', url: `${LIB}/copies/${copy.id}`, payload: { status: 'lost' } });
    const res = await t.as('librarian', { method: 'PUT', url: `${LIB}/copies/${copy.id}`, payload: { status: 'in_transit' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LIBRARY_MSG.transitNeedsShelf);
  });

  it('an edit with nothing to change (no field, or a note alone) is a 400, and the copy stays as it was', async () => {
    const { id: titleId, accessions } = await newTitle(t, { copies: 1 });
    const copy = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${titleId}` })).json().copyList[0];
    for (const payload of [{}, { note: 'Checked' }]) {
      const res = await t.as('librarian', { method: 'PUT', url: `${LIB}/copies/${copy.id}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Nothing to change: give the shelf location, price, vendor or status');
    }
    const after = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${titleId}` })).json().copyList[0];
    expect(after).toEqual(copy);
    const audited = await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', accessions[0]).execute();
    expect(audited).toEqual([]);
    // One field is enough.
    const shelf = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/copies/${copy.id}`,
      payload: { shelfLocation: 'Stack B-2' },
    });
    expect(shelf.statusCode).toBe(200);
    expect(shelf.json().shelfLocation).toBe('Stack B-2');
  });
});
