import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIBRARY_MSG, OVERRIDE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { issue, LIB, newStudent, newTitle } from '../../../test/modules/library.js';

/**
 * The patron-category override screen's calls: what the patron's category allows, an override of
 * the category or specific allowances with a reason and an end date, its history, removal, and
 * every refusal. Today: Wed 1 March 2028; the test students' batch 2026-2030 ends 31-12-2030.
 * Default rules: UG 4 items, 14 days, 2 renewals, 3 holds; PG 6 items, 21 days, 2 renewals, 4 holds.
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

const put = (roll: string, payload: object, as = 'librarian') =>
  t.as(as, { method: 'PUT', url: `${LIB}/patrons/${roll}/override`, payload });
const detail = async (roll: string, as = 'librarian') =>
  (await t.as(as, { method: 'GET', url: `${LIB}/patrons/${roll}/override` })).json();

describe('patron override screen', () => {
  it('shows the category and its allowances, overrides category and allowances with a reason and end date, and the desk applies them', async () => {
    const roll = await newStudent(t);
    const before = await detail(roll, 'libraryassistant');
    expect(before).toMatchObject({
      patron: { code: roll, name: `Test Student ${roll}`, kind: 'student' },
      defaultCategory: 'UG',
      category: 'UG',
      categoryName: 'UG student',
      expiresOn: '2030-12-31',
      allowances: { maxLoans: 4, loanDays: 14, renewals: 2, holdLimit: 3 },
      overridden: [],
      override: null,
      history: [],
    });
    expect(before.categories.map((c: { code: string }) => c.code)).toEqual(['UG', 'PG', 'FACULTY', 'STAFF']);

    const saved = await put(roll, {
      category: 'pg',
      maxLoans: 8,
      loanDays: 30,
      endsOn: '2028-06-30',
      reason: 'Final-year project work',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(
      `Test Student ${roll} borrows as PG student until 31-12-2030; items on loan 8, loan period (days) 30 (override ends 30-06-2028)`,
    );
    const after = await detail(roll);
    expect(after).toMatchObject({
      category: 'PG',
      ruleAllowances: { maxLoans: 6, loanDays: 21, renewals: 2, holdLimit: 4 },
      allowances: { maxLoans: 8, loanDays: 30, renewals: 2, holdLimit: 4 },
      overridden: ['category', 'maxLoans', 'loanDays'],
      override: {
        category: 'PG',
        maxLoans: 8,
        loanDays: 30,
        endsOn: '2028-06-30',
        reason: 'Final-year project work',
        lapsed: false,
      },
    });
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({
      username: 'librarian',
      action: 'library.patron.override',
      reason: 'Final-year project work',
    });
    expect(after.history[0].before).toMatchObject({ category: 'UG', expiresOn: '2030-12-31' });

    // The desk: 30-day loans (1 March + 30 = Friday 31 March) and 8 items.
    const { accessions } = await newTitle(t);
    expect((await issue(t, roll, accessions[0])).json().dueOn).toBe('2028-03-31');
    const desk = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` })).json();
    expect(desk.patron).toMatchObject({ category: 'PG', maxLoans: 8 });

    // After the end date the override lapses: the patron is back to UG (and the screen says so).
    // (The end date is moved back rather than the clock forward, which would expire the test's sign-ins.)
    await t.db.updateTable('library_patrons').set({ ends_on: '2028-02-29' }).where('patron_code', '=', roll).execute();
    const lapsed = await detail(roll);
    expect(lapsed).toMatchObject({
      category: 'UG',
      allowances: { maxLoans: 4, loanDays: 14 },
      overridden: [],
      override: { lapsed: true },
    });
    const { accessions: more } = await newTitle(t);
    expect((await issue(t, roll, more[0])).json().dueOn).toBe('2028-03-15');
  });

  it('refuses with a clear message: no reason, nothing to override, the same category, an end date passed, an unknown category or patron, the assistant', async () => {
    const roll = await newStudent(t);
    const msg = async (payload: object) => {
      const r = await put(roll, payload);
      expect(r.statusCode).toBe(400);
      return r.json().message;
    };
    expect(await msg({ category: 'PG' })).toContain(OVERRIDE_MSG.reason);
    expect(await msg({ category: 'PG', reason: 'ok' })).toContain(OVERRIDE_MSG.reason);
    expect(await msg({ reason: 'Nothing chosen' })).toBe(OVERRIDE_MSG.nothing);
    expect(await msg({ category: 'UG', reason: 'Same again' })).toBe(OVERRIDE_MSG.sameCategory);
    expect(await msg({ category: 'PG', endsOn: '2028-02-29', reason: 'Backdated' })).toBe(OVERRIDE_MSG.endsPast);
    expect(await msg({ category: 'ALUMNI', reason: 'Alumni reader' })).toBe('No patron category ALUMNI');
    expect(await msg({ maxLoans: -1, reason: 'Negative' })).toContain('Items on loan must be at least 0');
    expect(await msg({ loanDays: 0, reason: 'Zero days' })).toContain('Loan period must be at least 1');
    const unknown = await t.as('librarian', { method: 'GET', url: `${LIB}/patrons/NOSUCH999/override` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LIBRARY_MSG.patronNotFound);
    expect((await put(roll, { category: 'PG', reason: 'Assistant tries' }, 'libraryassistant')).statusCode).toBe(403);
    expect(
      (await t.as('libraryassistant', { method: 'DELETE', url: `${LIB}/patrons/${roll}/override`, payload: { reason: 'Try' } }))
        .statusCode,
    ).toBe(403);
    // Nothing was saved by the refusals.
    expect((await detail(roll)).history).toEqual([]);
  });

  it('an override of renewals counts at the desk; removing it needs a reason, is audited, and a second removal is refused', async () => {
    const roll = await newStudent(t);
    const { accessions } = await newTitle(t);
    const loan = (await issue(t, roll, accessions[0])).json();
    expect(loan.renewalsLeft).toBe(2);
    expect((await put(roll, { renewals: 0, reason: 'Renewals misused' })).statusCode).toBe(200);
    const renew = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` });
    expect(renew.json().message).toBe(LIBRARY_MSG.renewalsUsed);
    const desk = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` })).json();
    expect(desk.loans[0].renewalsLeft).toBe(0);

    const noReason = await t.as('librarian', { method: 'DELETE', url: `${LIB}/patrons/${roll}/override`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Give the reason for removing the override');
    const removed = await t.as('librarian', {
      method: 'DELETE',
      url: `${LIB}/patrons/${roll}/override`,
      payload: { reason: 'Warning served its term' },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(`Test Student ${roll} is back on the allowances of UG student until 31-12-2030`);
    // Nearer the due date: a renewal on the day of issue would move nothing and is refused.
    await t.db.updateTable('library_loans').set({ due_on: '2028-03-05' }).where('id', '=', loan.id).execute();
    expect((await t.as('libraryassistant', { method: 'POST', url: `${LIB}/loans/${loan.id}/renew` })).statusCode).toBe(200);
    const again = await t.as('librarian', {
      method: 'DELETE',
      url: `${LIB}/patrons/${roll}/override`,
      payload: { reason: 'Twice' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(OVERRIDE_MSG.noOverride);
    const history = (await detail(roll)).history;
    expect(history.map((h: { action: string; reason: string }) => [h.action, h.reason])).toEqual([
      ['library.patron.override.remove', 'Warning served its term'],
      ['library.patron.override', 'Renewals misused'],
    ]);
  });
});
