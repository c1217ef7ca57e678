import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, newPage, shot, signIn } from './harness';

const STUDENT = '22A91A0501';

/** From the student dashboard, pay the semester fee through the demo gateway with the chosen outcome. */
async function payFromDashboard(page: Page, outcome: 'success' | 'failure', name: string) {
  await page.goto(`${baseUrl()}/app/Student`);
  const pay = page.getByRole('button', { name: 'Pay Semester Fee' });
  await pay.waitFor();
  await shot(page, `payments-fees-due-${name}`);
  await Promise.all([page.waitForURL(/\/api\/payments\/demo\//), pay.click()]);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('paymentData'))) ?? '{}')).toMatchObject({
    rollNo: STUDENT,
    feeType: 'semester',
    examType: 'Regular',
  });
  await shot(page, `payments-demo-gateway-${name}`);
  const button = page.getByRole('button', { name: outcome === 'success' ? 'Pay (success)' : 'Fail payment' });
  await Promise.all([page.waitForURL(/\/lyra\/payment\/status\?/), button.click()]);
  // The screen's on-load calls end by clearing the session's paymentData.
  await page.waitForFunction(() => sessionStorage.getItem('paymentData') === null);
}

describe('fee payment through the demo gateway', () => {
  it('a failed and then a successful payment, from the student dashboard to the result screen', async () => {
    const page = await newPage();
    await signIn(page, STUDENT);

    await payFromDashboard(page, 'failure', 'fail');
    await page.getByRole('heading', { name: 'Payment Fail' }).waitFor();
    expect(await page.getByTestId('failure-image').isVisible()).toBe(true);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    expect(await page.getByTestId('detail-amount').textContent()).toBe('45000.00');
    expect(await page.getByTestId('detail-roll-number').textContent()).toBe(STUDENT);
    expect(await page.getByTestId('detail-status').textContent()).toBe('Failure');
    expect(await page.getByTestId('detail-transaction-id').textContent()).toMatch(/^[0-9a-f]{32}$/);
    // A failed Regular payment goes through the supplementary save, which shows the saved message.
    await page.getByText('Record saved successfully').waitFor();
    await shot(page, 'payments-result-fail-1280');

    await payFromDashboard(page, 'success', 'success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByText('Thank you for your Payment').waitFor();
    expect(await page.getByTestId('success-image').isVisible()).toBe(true);
    expect(await page.getByTestId('detail-status').textContent()).toBe('Success');
    expect(await page.getByTestId('detail-date').textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    await shot(page, 'payments-result-success-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'payments-result-success-360');

    // Back on the dashboard the semester fee is paid, with its receipt.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const panel = page.getByTestId('student-fees-panel');
    await panel.getByText('Semester IV-I').first().waitFor();
    expect(await page.getByRole('button', { name: 'Pay Semester Fee' }).count()).toBe(0);
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
