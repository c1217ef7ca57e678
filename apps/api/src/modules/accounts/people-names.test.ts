import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newUser, type BuiltUser } from '../../../test/builders.js';
import { OFFICER, collect, collegeId, ledgerOf, pdfText, studentsWithDemand } from '../../../test/modules/accounts.js';

/** Receipts, vouchers and the office's lists name people and receipts, never login ids or row ids. */
let t: TestApp;
let clerk: BuiltUser;
let officer: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  const college = await collegeId(t);
  clerk = await newUser(t.db, college, {
    roles: ['ROLE_ACCOUNTANT'],
    full_name: 'Kavitha Reddy',
    faculty: { designation: 'Senior Assistant' },
  });
  officer = await newUser(t.db, college, { roles: ['ROLE_ACCOUNTANTS_OFFICER'], full_name: 'Padma Rao' });
});
afterAll(async () => t.close());

describe('people and receipts by name and number', () => {
  it("prints the clerk's name and designation on a receipt, and a reversal names the receipt's number", async () => {
    const { rolls } = await studentsWithDemand(t);
    const r = (await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 1_000_000 }, clerk.username)).json();
    expect(r.label).toMatch(/^SVEC\//);

    const text = await pdfText(
      (await t.as(clerk.username, { method: 'GET', url: `/api/accounts/receipts/${r.id}/pdf` })).rawPayload,
    );
    expect(text).toContain('Kavitha Reddy, Senior Assistant');
    expect(text).not.toContain(clerk.username);

    const cancel = await t.as(officer.username, {
      method: 'POST',
      url: `/api/accounts/receipts/${r.id}/cancel`,
      payload: { reason: 'Entered twice' },
    });
    expect(cancel.statusCode).toBe(200);
    const reversal = (await ledgerOf(t, rolls[0])).receipts.find((x: { kind: string }) => x.kind === 'reversal');
    expect(reversal.label).toBe(`Reversal of receipt ${r.label}`);

    const listed = (
      await t.as(officer.username, { method: 'GET', url: `/api/accounts/transactions?kind=reversal&pageSize=200` })
    ).json();
    const row = listed.items.find((x: { id: number }) => x.id === reversal.id);
    expect(row.label).toBe(`Reversal of receipt ${r.label}`);
    expect(listed.items.every((x: { label: string }) => !x.label.includes('#'))).toBe(true);
    // the office's list names the clerk who took the receipt, and still filters by login id
    const byClerk = (
      await t.as(officer.username, { method: 'GET', url: `/api/accounts/transactions?clerk=${clerk.username}&pageSize=200` })
    ).json();
    const taken = byClerk.items.find((x: { id: number }) => x.id === r.id);
    expect([taken.clerk, taken.clerkName]).toEqual([clerk.username, 'Kavitha Reddy, Senior Assistant']);
  });

  it('names who proposed and who decided a concession', async () => {
    const { rolls, heads, fy } = await studentsWithDemand(t);
    const type = await t.as(OFFICER, {
      method: 'POST',
      url: '/api/accounts/concession-types',
      payload: { code: 'TNAMES', name: 'Names test', payer: 'institution', category: 'Merit' },
    });
    const p = await t.as(clerk.username, {
      method: 'POST',
      url: '/api/accounts/concessions',
      payload: { rollNo: rolls[0], typeId: type.json().id, fy, headId: heads.exam.id, basis: 'amount', value: 10_000 },
    });
    expect(p.json()).toMatchObject({ status: 'proposed', proposedBy: 'Kavitha Reddy, Senior Assistant' });
    const d = await t.as(officer.username, {
      method: 'POST',
      url: `/api/accounts/concessions/${p.json().id}/decision`,
      payload: { decision: 'approve', note: 'ok' },
    });
    expect(d.json()).toMatchObject({ status: 'approved', proposedBy: 'Kavitha Reddy, Senior Assistant', decidedBy: 'Padma Rao' });
    const list = (await t.as(clerk.username, { method: 'GET', url: `/api/accounts/concessions?rollNo=${rolls[0]}` })).json();
    expect(list.items[0]).toMatchObject({ proposedBy: 'Kavitha Reddy, Senior Assistant', decidedBy: 'Padma Rao' });
  });

  it("prints who paid a voucher by name, and the bill's people by name", async () => {
    const v = (
      await t.as(clerk.username, { method: 'POST', url: '/api/accounts/vendors', payload: { name: 'Names Stationers' } })
    ).json();
    const bill = (
      await t.as(clerk.username, {
        method: 'POST',
        url: '/api/accounts/bills',
        payload: { vendorId: v.id, billNo: 'N-1', billDate: '2025-11-01', description: 'Registers', amountPaise: 500_000 },
      })
    ).json();
    const approved = await t.as(officer.username, {
      method: 'POST',
      url: `/api/accounts/bills/${bill.id}/decision`,
      payload: { decision: 'approve', note: 'checked' },
    });
    expect(approved.json().message ?? approved.json().status).toBe('approved');
    const paid = await t.as(clerk.username, {
      method: 'POST',
      url: `/api/accounts/bills/${bill.id}/payments`,
      payload: { mode: 'cash', amountPaise: 500_000 },
    });
    expect(paid.statusCode).toBe(200);
    const text = await pdfText((await t.as(clerk.username, { method: 'GET', url: paid.json().pdfUrl })).rawPayload);
    expect(text).toContain('Kavitha Reddy, Senior Assistant');
    expect(text).not.toContain(clerk.username);
    const [listed] = (await t.as(clerk.username, { method: 'GET', url: `/api/accounts/bills?vendorId=${v.id}` })).json().items;
    expect(listed).toMatchObject({ createdBy: 'Kavitha Reddy, Senior Assistant', decidedBy: 'Padma Rao' });
    expect(listed.payments[0].paidBy).toBe('Kavitha Reddy, Senior Assistant');
  });
});
