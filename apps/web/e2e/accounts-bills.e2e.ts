import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pickOption, shot, signIn } from './harness';

async function call<T>(username: string, method: string, path: string, body?: unknown): Promise<T> {
  const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  const headers = { authorization: `Bearer ${JSON.parse(signin.text).token as string}` };
  const res = await apiCall(method, path, body, 'localhost', headers);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Opens the approval dialog of a bill as the accounts officer, at a width. */
async function approvalDialog(billNo: string, width: number): Promise<Page> {
  const page = await newPage({ width, height: 900 });
  await signIn(page, 'accountsofficer');
  await page.goto(`${baseUrl()}/app/accounts/vendors`);
  const row = page.getByTestId(`bill-${billNo}`);
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'View invoice' }).waitFor();
  return page;
}

/** The screen as the approver sees it with the dialog open (the viewport, not the whole long page). */
async function dialogShot(page: Page, name: string) {
  const file = await shot(page, name);
  await page.screenshot({ path: file });
}

describe('vendor bills', () => {
  it('a bill with GST, TDS and the invoice is approved with a remark, naming who decided', async () => {
    const vendor = await call<{ id: number; name: string }>('accountant', 'POST', '/api/accounts/vendors', {
      name: `E2E Lab Supplies ${Date.now()}`,
    });
    const billNo = `E2E-B${Date.now()}`;

    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/accounts/vendors`);
    const form = page.getByRole('form', { name: 'Enter a bill' });
    await pickOption(page, 'Vendor', vendor.name, form);
    await form.getByLabel('Bill number').fill(billNo);
    await form.getByLabel('Description').fill('Lab glassware');
    await form.getByLabel('Amount (before GST)').fill('10000');
    await form.getByLabel('CGST (same state)').fill('900');
    await form.getByLabel('SGST (same state)').fill('800');
    await form.getByRole('button', { name: 'Enter bill' }).click();
    // the shared schema's message, before anything is sent
    await form.getByText('CGST and SGST are equal halves of the GST: enter the same amount for both').waitFor();
    await form.getByLabel('SGST (same state)').fill('900');
    await pickOption(page, 'TDS section', /^194C/, form);
    await form.getByLabel('TDS rate (%)').fill('2');
    await form.getByLabel('TDS deducted').fill('200');
    await form.getByLabel('Vendor’s invoice (PDF, JPG or PNG)').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Enter bill' }).click();
    const mine = page.getByTestId(`bill-${billNo}`);
    await mine.getByRole('button', { name: 'View invoice' }).waitFor();

    const narrow = await approvalDialog(billNo, 390);
    await dialogShot(narrow, 'accounts-bill-approval-390');
    const officer = await approvalDialog(billNo, 1366);
    const dialog = officer.getByRole('dialog');
    await dialog.getByText('₹10,000.00 + CGST ₹900.00 + SGST ₹900.00 − TDS 194C (2%) ₹200.00').waitFor();
    await dialog.getByText('Payable ₹11,600.00').waitFor();
    await dialogShot(officer, 'accounts-bill-approval-1366');
    await dialog.getByRole('button', { name: 'Approve with this remark' }).click();
    await dialog.getByText('Enter a remark for this decision').waitFor();
    await dialog.getByLabel('Remark').fill('Matches the purchase order');
    await dialog.getByRole('button', { name: 'Approve with this remark' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = officer.getByTestId(`bill-${billNo}`);
    await row.getByText('by Sridevi Murthy').waitFor();
    await row.getByText('“Matches the purchase order”').waitFor();
    const bills = await call<{ items: Array<{ billNo: string; status: string; decidedBy: string }> }>(
      'accountant',
      'GET',
      `/api/accounts/bills?vendorId=${vendor.id}`,
    );
    expect(bills.items[0]).toMatchObject({ billNo, status: 'approved', decidedBy: 'Sridevi Murthy' });
  });
});
