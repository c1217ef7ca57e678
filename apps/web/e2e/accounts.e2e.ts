import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pickOption, shot, signIn } from './harness';

async function tokenOf(username: string) {
  const res = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  return { authorization: `Bearer ${JSON.parse(res.text).token as string}` };
}

async function call<T>(username: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, path, body, 'localhost', await tokenOf(username));
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

type Due = { rollNo: string; name: string; duePaise: number };

/** Students of the seeded first-year batch who owe at least ₹2,000, skipping the demo student. */
async function studentsWithDues(n: number, offset: number): Promise<Due[]> {
  const page = await call<{ items: Due[] }>('accountant', 'GET', '/api/accounts/dues?batch=2025-2029&pageSize=200');
  return page.items.filter((d) => d.duePaise >= 200_000 && d.rollNo !== '22A91A0501').slice(offset, offset + n);
}

describe('accounts office', () => {
  it('collects a partial fee at the counter and issues a numbered receipt', async () => {
    const [s] = await studentsWithDues(1, 0);
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
    await page.getByRole('link', { name: 'Fee Collection' }).first().click();
    await page.getByLabel('Roll number, name or admission number').fill(s.rollNo);
    await page.getByRole('button', { name: new RegExp(s.rollNo) }).click();
    await page.getByRole('heading', { name: `${s.name} (${s.rollNo})` }).waitFor();
    await page.getByLabel('Amount').fill('1000');
    await shot(page, 'accounts-counter-1366');
    await page.getByRole('button', { name: 'Collect and issue receipt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Receipt SVEC\/FR\/\d{4}-\d{2}\/\d{5}$/ }).waitFor();
    expect(await dialog.getByTestId('receipt-amount').textContent()).toContain('₹1,000.00 received by Cash');
    await dialog.getByText('Rupees One Thousand Only').waitFor();
    const label = ((await dialog.getByRole('heading').textContent()) ?? '').replace('Receipt ', '');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Receipts' }).getByText(label).waitFor();
    const due = await page.getByTestId('student-due').textContent();
    expect(due).toBe(`Due ₹${((s.duePaise - 100_000) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'accounts-counter-390');

    // The day book shows the receipt among today's entries.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await page.getByRole('region', { name: 'Day book' }).getByText(label).waitFor();
    await shot(page, 'accounts-reports-1366');
  });

  it('the accounts officer approves a concession the accountant proposed', async () => {
    const [s] = await studentsWithDues(1, 1);
    const ledger = await call<{ lines: Array<{ fy: string; headId: number; headCode: string; balancePaise: number }> }>(
      'accountant',
      'GET',
      `/api/accounts/students/${s.rollNo}/ledger`,
    );
    const line =
      ledger.lines.find((l) => l.headCode === 'EXAM' && l.balancePaise >= 50_000) ??
      ledger.lines.find((l) => l.balancePaise >= 50_000)!;
    const types = await call<Array<{ id: number; code: string }>>('accountant', 'GET', '/api/accounts/concession-types');
    const c = await call<{ id: number }>('accountant', 'POST', '/api/accounts/concessions', {
      rollNo: s.rollNo,
      typeId: types.find((t) => t.code === 'SPORTS')!.id,
      fy: line.fy,
      headId: line.headId,
      basis: 'amount',
      value: 50_000,
    });
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountsofficer');
    await page.goto(`${baseUrl()}/app/accounts/concessions`);
    const row = page.getByTestId(`concession-${c.id}`);
    await row.waitFor();
    await shot(page, 'accounts-concessions-1366');
    await row.getByRole('button', { name: 'Approve' }).click();
    const decide = page.getByRole('dialog');
    await decide.getByLabel('Remark').fill('Sports quota verified');
    await decide.getByRole('button', { name: 'Approve with this remark' }).click();
    await page.getByText(`${s.rollNo}: Approved`).waitFor();
    const after = await call<{ items: Array<{ id: number; status: string }> }>(
      'accountsofficer',
      'GET',
      '/api/accounts/concessions?status=approved',
    );
    expect(after.items.find((x) => x.id === c.id)?.status).toBe('approved');
  });

  it('a vendor bill is approved by the officer and paid by the accountant with a voucher', async () => {
    const vendor = await call<{ id: number }>('accountant', 'POST', '/api/accounts/vendors', {
      name: `E2E Traders ${Date.now()}`,
    });
    const billNo = `E2E-${Date.now()}`;
    await call('accountant', 'POST', '/api/accounts/bills', {
      vendorId: vendor.id,
      billNo,
      billDate: '2026-10-01',
      description: 'Whiteboard markers',
      amountPaise: 500_000,
      cgstPaise: 45_000,
      sgstPaise: 45_000,
      tdsSection: '194C',
      tdsPaise: 10_000,
    });
    const officer = await newPage({ width: 1366, height: 900 });
    await signIn(officer, 'accountsofficer');
    await officer.goto(`${baseUrl()}/app/accounts/vendors`);
    const row = officer.getByTestId(`bill-${billNo}`);
    await row.getByRole('button', { name: 'Approve' }).click();
    const decide = officer.getByRole('dialog');
    await decide.getByLabel('Remark').fill('Received in stores');
    await decide.getByRole('button', { name: 'Approve with this remark' }).click();
    await row.getByText('Approved').waitFor();

    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/accounts/vendors`);
    const mine = page.getByTestId(`bill-${billNo}`);
    await mine.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reference (UTR / cheque number)').fill('UTR998877');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('5800');
    await dialog.getByRole('button', { name: 'Pay and issue voucher' }).click();
    await mine.getByText('Paid', { exact: true }).waitFor();
    await mine.getByRole('button', { name: /^SVEC\/PV\// }).waitFor();
    await shot(page, 'accounts-vendors-1366');
  });

  it('the accounts officer creates a fee structure with the form and edits its amounts', async () => {
    const batch = `2031-E${String(Date.now()).slice(-6)}`;
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountsofficer');
    await page.goto(`${baseUrl()}/app/accounts/setup`);
    await page.getByRole('button', { name: 'New structure' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save structure' }).click();
    await dialog.getByText('Add at least one head with an amount').waitFor();
    await dialog.getByLabel('Batch (e.g. 2025-2029)').fill(batch);
    await dialog.getByRole('button', { name: 'Add a head' }).click();
    await pickOption(page, 'Fee head', 'Tuition Fee', dialog);
    await dialog.getByLabel('Amount').fill('45000');
    await dialog.getByLabel('Structure total').getByText('₹45,000').waitFor();
    await shot(page, 'accounts-structure-form-1366');
    await dialog.getByRole('button', { name: 'Save structure' }).click();
    await dialog.waitFor({ state: 'detached' });
    const edit = page.getByRole('button', { name: `Edit B.Tech ${batch} year 1 Convener` });
    await edit.waitFor();
    await edit.click();
    const again = page.getByRole('dialog');
    expect(await again.getByLabel('Batch (e.g. 2025-2029)').inputValue()).toBe(batch);
    await again.getByLabel('Amount').fill('47500');
    await again.getByRole('button', { name: 'Save structure' }).click();
    await again.waitFor({ state: 'detached' });
    const saved = await call<Array<{ batch: string; totalPaise: number }>>(
      'accountsofficer',
      'GET',
      `/api/accounts/fee-structures?batch=${batch}`,
    );
    expect(saved.map((x) => x.totalPaise)).toEqual([4_750_000]);
  });

  it('the student sees their own fees and downloads a receipt, on a phone', async () => {
    // The seed gives the demo student receipts to download; nothing is collected here (the student
    // is shared with other files' tests, which read what they owe).
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, '22A91A0501');
    await page.goto(`${baseUrl()}/app/accounts/my-fees`);
    await page.getByRole('heading', { name: 'My Fees' }).waitFor();
    await page.getByRole('region', { name: 'Dues by head and year' }).waitFor();
    const receipt = page.getByRole('button', { name: /^Download receipt / }).first();
    await receipt.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await shot(page, 'accounts-my-fees-390');
    const wide = await newPage({ width: 1366, height: 900 });
    await signIn(wide, '22A91A0501');
    await wide.goto(`${baseUrl()}/app/accounts/my-fees`);
    await wide.getByRole('table', { name: 'Dues by head and year' }).waitFor();
    await shot(wide, 'accounts-my-fees-1366');
  });

  it('lists the excess credits the ledger holds, as the API counts them', async () => {
    // Read-only: the demo student is shared with other files' tests, so this one changes nothing.
    const open = await call<Array<{ excessPaise: number }>>('accountant', 'GET', '/api/accounts/excess?status=open');
    const held = open.reduce((s, x) => s + x.excessPaise, 0);
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
    await page.getByRole('link', { name: 'Fee Collection' }).first().click();
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const panel = page.getByRole('region', { name: 'Excess credits' });
    const money = `₹${(held / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    await panel.getByText(`${open.length} open credit${open.length === 1 ? '' : 's'} holding ${money}`).waitFor();
    if (!open.length) await panel.getByText('No student has money held beyond what they owed.').waitFor();
    await shot(page, 'accounts-excess-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByText(`${open.length} open credit`).first().waitFor();
    await shot(page, 'accounts-excess-390');
  });
});
