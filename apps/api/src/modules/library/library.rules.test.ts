import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIBRARY_DEFAULT_RULES, LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { giveBack, issue, LIB, newStudent, newStudentLogin, newTitle } from '../../../test/modules/library.js';

/** The allowances matrix: who may change it, the most specific rule, grace days; patrons' own holds. Today: Wed 1 March 2028. */
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

describe('allowances', () => {
  it('only the incharge (or admin) saves the matrix, and a (*, *) rule must stay', async () => {
    const rules = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/rules` });
    expect(rules.statusCode).toBe(200);
    expect(rules.json().categories.map((c: { code: string }) => c.code)).toEqual(['UG', 'PG', 'FACULTY', 'STAFF']);
    const body = { categories: rules.json().categories, rules: rules.json().rules };
    expect((await t.as('libraryassistant', { method: 'PUT', url: `${LIB}/rules`, payload: body })).statusCode).toBe(403);
    const noDefault = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/rules`,
      payload: { ...body, rules: body.rules.filter((r: { category: string }) => r.category !== '*') },
    });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().message).toBe('Keep a default rule for every category and item type (* and *)');
    const badNumber = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/rules`,
      payload: { ...body, rules: [{ ...body.rules[0], loanDays: 0 }] },
    });
    expect(badNumber.json().message).toContain('Loan period must be at least 1 day');
  });

  it('the most specific rule wins (UG journal: 3 days) and grace days waive a short delay', async () => {
    const roll = await newStudent(t);
    const journal = await newTitle(t, { itemType: 'journal' });
    // 1 March + 3 = Saturday 4 March, a working day.
    expect((await issue(t, roll, journal.accessions[0])).json().dueOn).toBe('2028-03-04');

    // Give UG books 2 grace days: a loan 2 working days late costs nothing, 3 days costs ₹3.
    const rules = LIBRARY_DEFAULT_RULES.map((r) => (r.category === 'UG' && r.itemType === '*' ? { ...r, graceDays: 2 } : r));
    const categories = [
      { code: 'UG', name: 'UG student' },
      { code: 'PG', name: 'PG student' },
      { code: 'FACULTY', name: 'Faculty' },
      { code: 'STAFF', name: 'Non-teaching staff' },
    ];
    expect((await t.as('librarian', { method: 'PUT', url: `${LIB}/rules`, payload: { categories, rules } })).statusCode).toBe(
      200,
    );
    const a = await newTitle(t);
    const b = await newTitle(t);
    const la = (await issue(t, roll, a.accessions[0])).json();
    const lb = (await issue(t, roll, b.accessions[0])).json();
    // Due Mon 28 Feb (2 working days before 1 March: 29 Feb, 1 March) and Sat 26 Feb (3: 28, 29 Feb, 1 March; the 27th is a Sunday).
    await t.db.updateTable('library_loans').set({ due_on: '2028-02-28' }).where('id', '=', la.id).execute();
    await t.db.updateTable('library_loans').set({ due_on: '2028-02-26' }).where('id', '=', lb.id).execute();
    const ra = (await giveBack(t, a.accessions[0])).json();
    expect(ra.fine).toBeNull();
    expect(ra.message).toContain('2 days late, within the grace period: no fine.');
    expect((await giveBack(t, b.accessions[0])).json().fine).toMatchObject({ amount: 300, overdueDays: 3 });
  });
});

describe('patrons on their own', () => {
  it('a student places a hold on a title with no copy on the shelf, sees the queue place, and cancels it', async () => {
    const student = await newStudentLogin(t);
    const other = await newStudent(t);
    const { id: titleId, accessions } = await newTitle(t, { copies: 1 });
    await issue(t, other, accessions[0]);
    const placed = await t.as(student, { method: 'POST', url: `${LIB}/holds`, payload: { titleId } });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ patron: student, position: 1, status: 'waiting' });
    const me = (await t.as(student, { method: 'GET', url: `${LIB}/me` })).json();
    expect(me.holds.find((h: { titleId: number }) => h.titleId === titleId)).toMatchObject({ position: 1 });
    const ref = await newTitle(t, { itemType: 'reference' });
    expect((await t.as(student, { method: 'POST', url: `${LIB}/holds`, payload: { titleId: ref.id } })).json().message).toBe(
      LIBRARY_MSG.referenceNotForLoan,
    );
    const cancel = await t.as(student, { method: 'DELETE', url: `${LIB}/holds`, payload: { id: placed.json().id } });
    expect(cancel.json().message).toBe('Hold cancelled');
    expect(
      (await t.as(student, { method: 'DELETE', url: `${LIB}/holds`, payload: { id: placed.json().id } })).json().message,
    ).toBe(LIBRARY_MSG.holdClosed);
  });
});

describe('patron category override', () => {
  it('the incharge moves a student to the faculty category with a new end date, audited; unknown categories are refused', async () => {
    const roll = await newStudent(t);
    const res = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/patrons/${roll.toLowerCase()}/override`,
      payload: { category: 'faculty', expiresOn: '2030-03-31', reason: 'PG research scholar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ patron: roll, category: 'FACULTY', expiresOn: '2030-03-31' });
    expect(res.json().message).toBe(`Test Student ${roll} borrows as Faculty until 31-03-2030`);
    const desk = (await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons/${roll}` })).json();
    expect(desk.patron ?? desk).toMatchObject({ category: 'FACULTY' });
    const bad = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/patrons/${roll}/override`,
      payload: { category: 'ALUMNI', reason: 'Alumni member' },
    });
    expect(bad.json().message).toBe('No patron category ALUMNI');
    expect(
      (await t.as('libraryassistant', { method: 'PUT', url: `${LIB}/patrons/${roll}/override`, payload: {} })).statusCode,
    ).toBe(403);
    const back = await t.as('librarian', {
      method: 'DELETE',
      url: `${LIB}/patrons/${roll}/override`,
      payload: { reason: 'Scholarship ended' },
    });
    expect(back.json()).toMatchObject({ category: 'UG', expiresOn: '2030-12-31' });
    const rows = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', roll).execute();
    expect(rows.map((r) => r.action)).toEqual(['library.patron.override', 'library.patron.override.remove']);
  });
});
