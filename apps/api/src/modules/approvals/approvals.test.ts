import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG, APPROVALS_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { ACCOUNTANT, OFFICER, PRINCIPAL, collegeId, studentsWithDemand } from '../../../test/modules/accounts.js';
import { newStudent } from '../../../test/builders.js';

/**
 * The decision inbox lists what waits at this person's stage, as each office's own list has it, and
 * decides it through the office's own decide call. The rows are the test's own; the seed's pending
 * items are left out of the comparisons by id.
 */
let t: TestApp;
let meritType: number;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.as(OFFICER, {
    method: 'POST',
    url: '/api/accounts/concession-types',
    payload: { code: 'TINBOX', name: 'Inbox merit', payer: 'institution', category: 'Merit' },
  });
  expect(res.statusCode, res.body).toBe(200);
  meritType = res.json().id;
});
afterAll(async () => t.close());

const inbox = async (who: string) => {
  const res = await t.as(who, { method: 'GET', url: '/api/approvals/inbox' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<{ kind: string; id: number; amountPaise: number | null; title: string }>; counts: Record<string, number> };
};
const decide = (who: string, kind: string, id: number, payload: Record<string, unknown>) =>
  t.as(who, { method: 'POST', url: `/api/approvals/${kind}/${id}/decision`, payload });
const has = (box: Awaited<ReturnType<typeof inbox>>, kind: string, id: number) => box.items.find((i) => i.kind === kind && i.id === id);

async function newBill(amountPaise: number) {
  const vendor = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/vendors', payload: { name: `Inbox vendor ${amountPaise}` } });
  expect(vendor.statusCode, vendor.body).toBe(200);
  const bill = await t.as(ACCOUNTANT, {
    method: 'POST',
    url: '/api/accounts/bills',
    payload: { vendorId: vendor.json().id, billNo: `INB-${amountPaise}`, billDate: '2026-11-02', description: 'Lab chairs', amountPaise },
  });
  expect(bill.statusCode, bill.body).toBe(200);
  return bill.json().id as number;
}

describe('the decision inbox', () => {
  it('gives the accounts officer a proposed concession and a submitted bill, and decides them there', async () => {
    const { rolls, heads, fy } = await studentsWithDemand(t);
    const proposed = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/concessions',
      payload: { rollNo: rolls[0], typeId: meritType, fy, headId: heads.tuition.id, basis: 'percent', value: 10 },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const concession = proposed.json().id as number;
    const bill = await newBill(1_000_000);

    const box = await inbox(OFFICER);
    // 10% of the ₹50,000 tuition is ₹5,000; the bill has no tax, so ₹10,000 is payable.
    expect(has(box, 'concession', concession)).toMatchObject({ amountPaise: 500_000, title: `Inbox merit for Test Student ${rolls[0]} (${rolls[0]})` });
    expect(has(box, 'bill', bill)).toMatchObject({ amountPaise: 1_000_000 });
    // The counts are the lists' own lengths.
    expect(box.counts.concession).toBe(box.items.filter((i) => i.kind === 'concession').length);
    // Not yet the principal's: both wait at the officer's stage.
    const principals = await inbox(PRINCIPAL);
    expect(has(principals, 'concession', concession)).toBeUndefined();
    expect(has(principals, 'bill', bill)).toBeUndefined();

    const noRemark = await decide(OFFICER, 'concession', concession, { decision: 'approve', note: ' ' });
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().message).toBe(APPROVALS_MSG.remarkNeeded);
    const early = await decide(PRINCIPAL, 'concession', concession, { decision: 'approve', note: 'Fine' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(ACCOUNTS_MSG.notYourStage);

    expect((await decide(OFFICER, 'concession', concession, { decision: 'approve', note: 'Merit list checked' })).json()).toEqual({
      kind: 'concession',
      id: concession,
      status: 'approved',
    });
    expect((await decide(OFFICER, 'bill', bill, { decision: 'reject', note: 'Quotation missing' })).json()).toEqual({
      kind: 'bill',
      id: bill,
      status: 'rejected',
    });
    const after = await inbox(OFFICER);
    expect(has(after, 'concession', concession)).toBeUndefined();
    expect(has(after, 'bill', bill)).toBeUndefined();
    // The office's own list says the same.
    const list = (await t.as(OFFICER, { method: 'GET', url: `/api/accounts/concessions?rollNo=${rolls[0]}` })).json();
    expect(list.items.find((c: { id: number }) => c.id === concession).status).toBe('approved');
    const twice = await decide(OFFICER, 'concession', concession, { decision: 'reject', note: 'again' });
    expect(twice.statusCode).toBe(409);
  });

  it('moves a bill above the principal’s limit to the principal’s inbox once the officer approves it', async () => {
    // ₹1,50,000 is above the ₹1,00,000 the principal approves beyond.
    const bill = await newBill(15_000_000);
    expect((await decide(OFFICER, 'bill', bill, { decision: 'approve', note: 'Three quotations' })).json().status).toBe('awaiting_principal');
    expect(has(await inbox(OFFICER), 'bill', bill)).toBeUndefined();
    expect(has(await inbox(PRINCIPAL), 'bill', bill)).toMatchObject({ amountPaise: 15_000_000 });
    expect((await decide(PRINCIPAL, 'bill', bill, { decision: 'approve', note: 'Approved' })).json().status).toBe('approved');
  });

  it('lists for a head of department the leave the leave office lists for them', async () => {
    const box = await inbox('hod');
    const own = (await t.as('hod', { method: 'GET', url: '/api/leave/applications?view=approvals' })).json();
    expect(box.items.filter((i) => i.kind === 'leave').map((i) => i.id).sort()).toEqual(own.items.map((a: { id: number }) => a.id).sort());
  });

  it('gives the office that issues certificates a student’s request, and issues it from there', async () => {
    const s = await newStudent(t.db, await collegeId(t), { login: true });
    const asked = await t.as(s.username!, { method: 'POST', url: '/api/me/certificate-requests', payload: { kind: 'bonafide', purpose: 'Passport application' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().id as number;
    expect(has(await inbox('admin'), 'certificate', id)).toMatchObject({
      title: `Bonafide certificate for ${s.fullName} (${s.rollNo})`,
      detail: 'Passport application',
      amountPaise: null,
    });
    // The principal does not issue certificates: not in their inbox, and refused if tried.
    expect(has(await inbox(PRINCIPAL), 'certificate', id)).toBeUndefined();
    expect((await decide(PRINCIPAL, 'certificate', id, { decision: 'approve', note: 'ok' })).statusCode).toBe(403);
    expect((await decide('admin', 'certificate', id, { decision: 'approve', note: 'Issued' })).json()).toEqual({ kind: 'certificate', id, status: 'approved' });
    // The student sees it issued, with its verification code.
    const mine = (await t.as(s.username!, { method: 'GET', url: '/api/me/certificate-requests' })).json();
    expect(mine.find((c: { id: number }) => c.id === id)).toMatchObject({ status: 'approved', remarks: 'Issued', documentCode: expect.any(String) });
  });

  it('is refused to clerks and students, and an unknown kind is a 400', async () => {
    expect((await t.as(ACCOUNTANT, { method: 'GET', url: '/api/approvals/inbox' })).statusCode).toBe(403);
    expect((await t.as('22A91A0501', { method: 'GET', url: '/api/approvals/inbox' })).statusCode).toBe(403);
    const unknown = await decide(OFFICER, 'hostel', 1, { decision: 'approve', note: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown kind of approval');
  });
});
