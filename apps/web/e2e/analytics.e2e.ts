import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, newPage, shot, signIn } from './harness';

async function api<T = any>(token: string, url: string): Promise<T> {
  const res = await apiCall('GET', url, undefined, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

describe('analytics for leadership', () => {
  it('shows the chairman the headline figures and the money charts, each figure leading to the accounts office’s own list', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'chairman');
    // The chairman's dashboard has the panel that leads in.
    await page.goto(`${baseUrl()}/app/Dashboard/Dashboard View`);
    await page.getByTestId('analytics-panel').getByRole('link', { name: 'Open analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const overview = await api(token, '/api/analytics/overview');
    await page.getByTestId('fig-students').waitFor();
    expect(await page.getByTestId('fig-students').textContent()).toBe(overview.studentsOnRolls.toLocaleString('en-IN'));
    // Figures come from their owners: the dues headline is the accounts office's own total of the dues list.
    const dues = await api(token, '/api/accounts/dues?pageSize=1');
    expect(overview.studentDuesPaise).toBe(dues.totalDuePaise);
    await page.getByTestId('chart-months').locator('svg').first().waitFor();
    await page.getByRole('table', { name: 'Dues by branch and batch' }).waitFor();
    await shot(page, 'analytics-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analytics-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // A branch's dues open the dues list filtered to that branch and batch, with the same total.
    const money = await api(token, '/api/analytics/fees');
    const row = money.duesByBranch[0];
    expect(row).toBeTruthy();
    await page.getByRole('link', { name: `Dues of ${row.branch} ${row.batch}` }).click();
    await page.getByRole('region', { name: 'Dues list' }).waitFor();
    await expect.poll(() => page.getByLabel('Branch').inputValue()).toBe(row.branch);
    expect(await page.getByLabel('Batch (e.g. 2024-2028)').inputValue()).toBe(row.batch);
    const listed = await api(token, `/api/accounts/dues?branch=${encodeURIComponent(row.branch)}&batch=${encodeURIComponent(row.batch)}&pageSize=1`);
    expect(listed.total).toBe(row.students);
    expect(listed.totalDuePaise).toBe(row.duePaise);
    await page.getByText(`${listed.total} students owe`).waitFor();
    await page.context().close();
  });

  it('refuses the figures to a student and a clerk', async () => {
    for (const who of ['22A91A0501', 'accountant']) {
      const page = await newPage({ width: 1366 });
      const { token } = await signIn(page, who);
      const res = await apiCall('GET', '/api/analytics/overview', undefined, 'localhost', { authorization: `Bearer ${token}` });
      expect(res.status, who).toBe(403);
      await page.context().close();
    }
  });

  it('shows the accounts officer the leaving policy the hostel and transport offices charge by', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'accountsofficer');
    const settings = await api(token, '/api/accounts/settings');
    await page.goto(`${baseUrl()}/app/accounts/setup`);
    const form = page.getByRole('form', { name: 'Leaving policy' });
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Charge by' }).textContent()).toBe(
      settings.leavingBasis === 'semester' ? 'The semester begun' : 'The month begun',
    );
    await form.getByRole('button', { name: 'Save policy' }).waitFor();
    await page.getByRole('region', { name: 'When a student leaves early' }).scrollIntoViewIfNeeded();
    await shot(page, 'accounts-leaving-policy-1366');
    await page.context().close();
  });
});
