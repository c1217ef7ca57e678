import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TFeeDueLine, TFeesOverview } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, shot, signIn } from './harness';

const STUDENT = '22A91A0501';

/** The student's fees-due as the API answers it now. */
async function feesDue(token: string): Promise<TFeesOverview> {
  const res = await apiCall('GET', '/api/payments/fees-due', undefined, 'localhost', { authorization: `Bearer ${token}` });
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as TFeesOverview;
}
const semesterLines = (fees: TFeesOverview) => fees.due.find((d) => d.feeType === 'semester')?.lines ?? [];
const sum = (lines: TFeeDueLine[]) => lines.reduce((n, l) => n + l.amountPaise, 0);
/** ₹ as the panel writes it: lakh grouping, paise only when there are some. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
const lineBox = (page: Page, l: TFeeDueLine) =>
  page.getByTestId('student-fees-panel').getByRole('checkbox', { name: `${l.head} · ${l.fy}`, exact: true });

/**
 * From the student dashboard, pay the fees due (all lines, or all but `leave`) through the demo
 * gateway with the chosen outcome; returns the amount the order was for, in paise.
 */
async function payFromDashboard(
  page: Page,
  token: string,
  outcome: 'success' | 'failure',
  name: string,
  leave: TFeeDueLine[] = [],
) {
  await page.goto(`${baseUrl()}/app/Student`);
  const lines = semesterLines(await feesDue(token));
  for (const l of lines) await lineBox(page, l).waitFor();
  for (const l of leave) await lineBox(page, l).uncheck();
  const paid = lines.filter((l) => !leave.some((x) => x.lineId === l.lineId));
  const amount = sum(paid);
  const pay = page.getByTestId('student-fees-panel').getByRole('button', { name: `Pay ${rupees(amount)}`, exact: true });
  await page.getByTestId('fee-lines-total').getByText(rupees(amount)).waitFor();
  await shot(page, `payments-fees-due-${name}`);
  if (leave.length) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'payments-fees-due-choose-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'payments-fees-due-choose-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await Promise.all([page.waitForURL(/\/api\/payments\/demo\//), pay.click()]);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('paymentData'))) ?? '{}')).toMatchObject({
    rollNo: STUDENT,
    feeType: 'semester',
    examType: 'Regular',
    amount,
  });
  await shot(page, `payments-demo-gateway-${name}`);
  const button = page.getByRole('button', { name: outcome === 'success' ? 'Pay (success)' : 'Fail payment' });
  await Promise.all([page.waitForURL(/\/lyra\/payment\/status\?/), button.click()]);
  // The screen's on-load calls end by clearing the session's paymentData.
  await page.waitForFunction(() => sessionStorage.getItem('paymentData') === null);
  return { amount, paid };
}

describe('fee payment through the demo gateway', () => {
  it('a failed and then a successful payment, from the student dashboard to the result screen', async () => {
    const page = await newPage();
    const { token } = await signIn(page, STUDENT);
    // What the ledger holds open for the demo student (a transport fee and a library fine): the test works from it.
    const open = semesterLines(await feesDue(token));
    expect(open.length).toBeGreaterThanOrEqual(2);

    // First the whole due (every line checked), and the payment fails.
    const failed = await payFromDashboard(page, token, 'failure', 'fail');
    expect(failed.amount).toBe(sum(open));
    await page.getByRole('heading', { name: 'Payment Fail' }).waitFor();
    expect(await page.getByTestId('failure-image').isVisible()).toBe(true);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    expect(await page.getByTestId('detail-amount').textContent()).toBe((failed.amount / 100).toFixed(2));
    expect(await page.getByTestId('detail-roll-number').textContent()).toBe(STUDENT);
    expect(await page.getByTestId('detail-status').textContent()).toBe('Failure');
    expect(await page.getByTestId('detail-transaction-id').textContent()).toMatch(/^[0-9a-f]{32}$/);
    // A failed Regular payment goes through the supplementary save, which shows the saved message.
    await page.getByText('Record saved successfully').waitFor();
    await shot(page, 'payments-result-fail-1280');

    // Then all but the library fine (the library desk's test collects that one), and it succeeds.
    const before = semesterLines(await feesDue(token));
    const left = before.find((l) => /fine/i.test(l.head))!;
    expect(left).toBeDefined();
    const { amount, paid } = await payFromDashboard(page, token, 'success', 'success', [left]);
    expect(amount).toBe(sum(before) - left.amountPaise);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByTestId('detail-amount').textContent()).toBe((amount / 100).toFixed(2));
    await page.getByText('Thank you for your Payment').waitFor();
    expect(await page.getByTestId('success-image').isVisible()).toBe(true);
    expect(await page.getByTestId('detail-status').textContent()).toBe('Success');
    expect(await page.getByTestId('detail-date').textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    await shot(page, 'payments-result-success-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'payments-result-success-360');

    // The paid lines are gone from the fees due, and the online receipt paid exactly them.
    const openIds = async () => semesterLines(await feesDue(token)).map((l) => l.lineId);
    const stillOpen = async () => {
      const ids = await openIds();
      return paid.filter((l) => ids.includes(l.lineId));
    };
    await expect.poll(stillOpen).toEqual([]);
    const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
      username: 'accountant',
      password: DEMO_PASSWORD,
      module: 'erp',
      domain: baseUrl(),
    });
    const office = { authorization: `Bearer ${JSON.parse(signin.text).token as string}` };
    const ledger = JSON.parse((await apiCall('GET', `/api/accounts/students/${STUDENT}/ledger`, undefined, 'localhost', office)).text) as { receipts: Array<{ mode: string; amountPaise: number; allocations: Array<{ lineId: number; amountPaise: number }> }> };
    const online = ledger.receipts.filter((r) => r.mode === 'online' && r.amountPaise === amount).pop()!;
    expect(online.allocations.map((a) => [a.lineId, a.amountPaise])).toEqual(paid.map((l) => [l.lineId, l.amountPaise]));

    // Back on the dashboard: the paid lines are gone, and the payment has its receipt.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const panel = page.getByTestId('student-fees-panel');
    await panel.getByRole('button', { name: /Download receipt/ }).first().waitFor();
    for (const l of paid) expect(await lineBox(page, l).count()).toBe(0);
    const receipt = panel.getByRole('button', { name: /Download receipt/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
    await shot(page, 'payments-student-dashboard-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'payments-student-dashboard-360');
    await page.context().close();
  });

  it('the accountant sees both attempts in the transaction history and can filter them', async () => {
    const page = await newPage();
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
    await page.getByTestId('accounts-panel').getByText('Paid online').waitFor();
    await shot(page, 'payments-accounts-dashboard-1280');
    await page.getByTestId('accounts-panel').getByRole('link', { name: 'Transaction history' }).click();
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await page.getByRole('table', { name: 'Fee transactions' }).getByText(STUDENT).first().waitFor();

    await page.getByLabel('Roll Number').fill(STUDENT);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByTestId('transactions-total')
      .getByText(/^1 transactions/)
      .waitFor();
    const rows = page.getByRole('table', { name: 'Fee transactions' }).locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Failed');
    await shot(page, 'payments-transactions-1280');

    await page.getByRole('button', { name: 'Reset' }).click();
    await page
      .getByTestId('transactions-total')
      .getByText(/^1[0-9] transactions/)
      .waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'payments-transactions-360');
    await page.context().close();
  });
});
