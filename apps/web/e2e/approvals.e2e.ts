import { describe, expect, it } from 'vitest';
import { APPROVALS_MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, sawToast, shot, signIn } from './harness';

async function api<T = any>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, url, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

describe('the decision inbox', () => {
  it('lets the accounts officer reject a vendor bill there, with a remark, and the bill leaves the list', async () => {
    const clerk = await signIn(await newPage({ width: 1366 }), 'accountant');
    const vendor = await api(clerk.token, 'POST', '/api/accounts/vendors', { name: 'Decisions Test Furniture' });
    const bill = await api(clerk.token, 'POST', '/api/accounts/bills', {
      vendorId: vendor.id,
      billNo: `DEC-${Date.now().toString(36)}`,
      billDate: '2026-11-20',
      description: 'Forty lab stools',
      amountPaise: 4_200_000,
    });

    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'accountsofficer');
    await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
    const count = page.getByTestId('decisions-count');
    await count.waitFor();
    // The test's own bill is among them (other files may add theirs meanwhile, so no exact count).
    const inbox = await api(token, 'GET', '/api/approvals/inbox');
    expect(inbox.items.some((i: { kind: string; id: number }) => i.kind === 'bill' && i.id === bill.id)).toBe(true);
    expect(await count.textContent()).toMatch(/^\d+ in all: .*\d+ vendor bill/);
    await page.getByTestId('decisions-panel').getByRole('link', { name: 'Open decisions' }).click();
    const row = page.getByTestId(`decision-bill-${bill.id}`);
    await row.waitFor();
    // No tax on the bill: ₹42,000 payable.
    expect(await row.textContent()).toContain('₹42,000');
    await shot(page, 'decisions-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'decisions-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    await row.getByRole('button', { name: /^Reject / }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject: Vendor bill' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText(APPROVALS_MSG.remarkNeeded).waitFor();
    await dialog.getByLabel('Remark').fill('No quotations attached');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sawToast(page, ': rejected');
    await row.waitFor({ state: 'detached' });
    // The office's own list says the same.
    const bills = await api(token, 'GET', `/api/accounts/bills?vendorId=${vendor.id}`);
    expect(bills.items[0]).toMatchObject({ id: bill.id, status: 'rejected', decisionNote: 'No quotations attached' });
    await page.context().close();
  });
});
