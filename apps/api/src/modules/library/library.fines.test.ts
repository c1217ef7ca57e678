import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIBRARY_DEFAULT_RULES, type TRule } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { giveBack, holiday, issue, LIB, newStudent, newTitle } from '../../../test/modules/library.js';
import { PATRON_FINES_CAP } from './fines.repo.js';
import { fineFor } from './rules.js';

/**
 * Fines as Koha's CalcFine charges them (C4::Overdues): whole charge periods by default, a part
 * period only when the rule says so, the cap the rule names, counted from the effective due date.
 *
 * Today is Wednesday 1 March 2028. Closed days in this file: Sundays, Saturday 26 Feb and Tuesday
 * 29 Feb (holidays the calendar declared after the loans below were issued). Working days from a
 * due date to 1 March (the due date excluded):
 *   due Thu 24 Feb → 25, 28 Feb, 1 Mar = 3
 *   due Wed 16 Feb → 17, 18, 19, 21, 22, 23, 24, 25, 28 Feb, 1 Mar = 10
 *   due Tue 8 Feb  → the 10 above + 9, 10, 11, 12, 14, 15, 16 Feb = 17
 */
let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2028-03-01T06:00:00Z'));
  t = await createTestApp();
  await holiday(t, '2028-02-26');
  await holiday(t, '2028-02-29');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const ugBook = LIBRARY_DEFAULT_RULES.find((r) => r.category === 'UG' && r.itemType === '*')!;
/** ₹10 for every 7 days late. */
const weekly: TRule = { ...ugBook, graceDays: 0, finePerPeriod: 1_000, finePeriodDays: 7, fineCap: 0, fineCapKind: 'none' };

describe('fineFor (Koha CalcFine)', () => {
  it('charges whole periods only by default: 3, 10 and 17 days at ₹10 a week are ₹0, ₹10 and ₹20', () => {
    // floor(3/7) = 0, floor(10/7) = 1, floor(17/7) = 2 periods × ₹10
    expect([3, 10, 17].map((d) => fineFor({ ...weekly, fineRounding: 'whole' }, d, 50_000))).toEqual([0, 1_000, 2_000]);
  });
  it('rounds a part period up when the rule says so: ₹10, ₹20 and ₹30', () => {
    // ceil(3/7) = 1, ceil(10/7) = 2, ceil(17/7) = 3 periods × ₹10
    expect([3, 10, 17].map((d) => fineFor({ ...weekly, fineRounding: 'part' }, d, 50_000))).toEqual([1_000, 2_000, 3_000]);
  });
  it('caps by the rule: none, an amount, or the copy’s price', () => {
    const part = { ...weekly, fineRounding: 'part' as const };
    // 17 days: ₹30 before any cap; the copy costs ₹25
    expect(fineFor({ ...part, fineCapKind: 'none', fineCap: 1_500 }, 17, 2_500)).toBe(3_000);
    expect(fineFor({ ...part, fineCapKind: 'amount', fineCap: 1_500 }, 17, 2_500)).toBe(1_500);
    expect(fineFor({ ...part, fineCapKind: 'price', fineCap: 1_500 }, 17, 2_500)).toBe(2_500);
    // A copy with no price recorded is not capped by it.
    expect(fineFor({ ...part, fineCapKind: 'price' }, 17, 0)).toBe(3_000);
  });
});

const backdate = (loanId: number, dueOn: string) =>
  t.db.updateTable('library_loans').set({ issued_on: '2028-01-20', due_on: dueOn }).where('id', '=', loanId).execute();

/** Lends a new copy (price in paise) to the patron, due on `dueOn`, and returns it today: the return's answer. */
async function returnedLate(roll: string, dueOn: string, price = 50_000) {
  const { accessions } = await newTitle(t, { price });
  const loan = await issue(t, roll, accessions[0]);
  expect(loan.statusCode, loan.body).toBe(200);
  await backdate(loan.json().id, dueOn);
  const res = await giveBack(t, accessions[0]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function saveUgRule(over: Partial<TRule>) {
  const current = (await t.as('librarian', { method: 'GET', url: `${LIB}/rules` })).json();
  const rules = current.rules.map((r: TRule) => (r.category === 'UG' && r.itemType === '*' ? { ...r, ...over } : r));
  return t.as('librarian', { method: 'PUT', url: `${LIB}/rules`, payload: { categories: current.categories, rules } });
}

describe('a due date the calendar closed later', () => {
  it('is not fined when the copy comes back on the next open day (Koha: 0)', async () => {
    const roll = await newStudent(t);
    // Due Tue 29 Feb, since declared a holiday: 1 March is the effective due date.
    const onTime = await returnedLate(roll, '2028-02-29');
    expect(onTime.fine).toBeNull();
    expect(onTime.message).not.toContain('late');
    // Due Sat 26 Feb (closed since), Sunday 27 closed: effective due Mon 28 Feb; 1 March is 1 working day late (29 Feb closed) → ₹1.
    expect((await returnedLate(roll, '2028-02-26')).fine).toMatchObject({ amount: 100, overdueDays: 1 });
  });

  it('shows an open loan due on a since-closed day with no fine, and renews it on the next open day', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t);
    const loan = (await issue(t, roll, accessions[0])).json();
    await backdate(loan.id, '2028-02-29');
    const me = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` })).json();
    expect(me.loans.find((l: { id: number }) => l.id === loan.id)).toMatchObject({ overdueDays: 0, fine: 0 });
    const renewed = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` });
    // 1 March + 14 days = Wednesday 15 March, an open day.
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ dueOn: '2028-03-15', renewals: 1 });
  });
});

describe('rounding and cap as rules of the matrix', () => {
  it('starts with whole periods (Koha’s default) and the ₹100 amount cap of the default rules', async () => {
    const rules = (await t.as('librarian', { method: 'GET', url: `${LIB}/rules` })).json().rules as TRule[];
    expect(rules.every((r) => r.fineRounding === 'whole' && r.fineCapKind === 'amount')).toBe(true);
  });

  it('charges ₹0/₹10/₹20 with whole periods and ₹10/₹20/₹30 with part periods (₹10 a week; 3, 10, 17 days late)', async () => {
    expect((await saveUgRule({ ...weekly, fineRounding: 'whole' })).statusCode).toBe(200);
    const a = await newStudent(t);
    const whole = [await returnedLate(a, '2028-02-24'), await returnedLate(a, '2028-02-16'), await returnedLate(a, '2028-02-08')];
    expect(whole.map((r) => r.fine?.amount ?? 0)).toEqual([0, 1_000, 2_000]);
    expect(whole[0].message).toContain('3 days late, less than a whole charge period: no fine.');

    expect((await saveUgRule({ fineRounding: 'part' })).statusCode).toBe(200);
    const b = await newStudent(t);
    const part = [await returnedLate(b, '2028-02-24'), await returnedLate(b, '2028-02-16'), await returnedLate(b, '2028-02-08')];
    expect(part.map((r) => [r.fine.amount, r.fine.overdueDays])).toEqual([
      [1_000, 3],
      [2_000, 10],
      [3_000, 17],
    ]);
  });

  it('caps at the amount, at the copy’s price, or not at all, as the rule says', async () => {
    // Part periods, 17 days late: ₹30 before the cap; the copy costs ₹25, the cap amount is ₹15.
    const fine = async (over: Partial<TRule>) => {
      expect((await saveUgRule({ ...weekly, fineRounding: 'part', fineCap: 1_500, ...over })).statusCode).toBe(200);
      return (await returnedLate(await newStudent(t), '2028-02-08', 2_500)).fine.amount;
    };
    expect(await fine({ fineCapKind: 'amount' })).toBe(1_500);
    expect(await fine({ fineCapKind: 'price' })).toBe(2_500);
    expect(await fine({ fineCapKind: 'none' })).toBe(3_000);
    const saved = (await t.as('librarian', { method: 'GET', url: `${LIB}/rules` })).json().rules as TRule[];
    expect(saved.find((r) => r.category === 'UG' && r.itemType === '*')).toMatchObject({
      fineRounding: 'part',
      fineCapKind: 'none',
      fineCap: 1_500,
    });
  });

  it('refuses an unknown rounding or cap with a clear message', async () => {
    const bad = await saveUgRule({ fineCapKind: 'sometimes' as TRule['fineCapKind'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Fine cap is none, an amount or the copy’s price');
    const bad2 = await saveUgRule({ fineRounding: 'half' as TRule['fineRounding'] });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json().message).toContain('Fine rounding is whole periods or part period');
  });
});

describe("a patron's fines, cut for speed", () => {
  it('shows the newest fines of that patron only, with the count of all of theirs', async () => {
    const [mine, other] = [await newStudent(t), await newStudent(t)];
    const fine = (patron: string, amount: number) => ({
      college_id: 1,
      patron_code: patron,
      patron_kind: 'student',
      student_id: null,
      loan_id: null,
      kind: 'overdue',
      amount,
      overdue_days: 1,
      status: 'waived',
      receipt_no: null,
      document_code: null,
      paid_at: null,
      settled_by: null,
      waive_reason: 'First time',
      created_at: '2028-02-20T10:00:00.000Z',
    });
    await t.db
      .insertInto('library_fines')
      .values([fine(mine, 100), fine(other, 200), fine(mine, 300), fine(other, 400), fine(mine, 500)])
      .execute();
    const view = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${mine}` })).json();
    // three of the five are this patron's; the newest first
    expect(view.fines).toMatchObject({ total: 3, limit: PATRON_FINES_CAP });
    expect(view.fines.items.map((f: { amount: number }) => f.amount)).toEqual([500, 300, 100]);
  });
});
