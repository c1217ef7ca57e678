import { describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pdfText, shot, signIn } from './harness';

/** The first week of each office: people and numbers by name, menus that list the pages, work first. */

async function call<T>(username: string, method: string, path: string, body?: unknown): Promise<T> {
  const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  const authorization = `Bearer ${JSON.parse(signin.text).token as string}`;
  const res = await apiCall(method, path, body, 'localhost', { authorization });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

async function download(username: string, path: string): Promise<Buffer> {
  const page = await newPage();
  await signIn(page, username);
  const res = await page.request.get(`${baseUrl()}${path}`);
  expect(res.status()).toBe(200);
  const body = await res.body();
  await page.context().close();
  return body;
}

describe('words and layout', () => {
  it("prints the clerk's name on a receipt, never the login id", async () => {
    const dues = await call<{ items: Array<{ rollNo: string; duePaise: number }> }>(
      'accountant',
      'GET',
      '/api/accounts/dues?batch=2025-2029&pageSize=200',
    );
    // far down the list, away from the students the accounts spec collects from
    const s = dues.items.filter((d) => d.duePaise >= 100_000 && d.rollNo !== '22A91A0501').at(-1)!;
    const receipt = await call<{ id: number; label: string }>('accountant', 'POST', '/api/accounts/receipts', {
      rollNo: s.rollNo,
      mode: 'cash',
      amount: 50_000,
    });
    const { text } = await pdfText(await download('accountant', `/api/accounts/receipts/${receipt.id}/pdf`));
    expect(text).toContain(receipt.label);
    expect(text).toContain('Lakshmi Narayana');
    expect(text).not.toMatch(/Received by\s*accountant/);
  });

  it('labels the role chip in words, and keeps the Decrypt Tool off the administration home', async () => {
    const page = await newPage({ width: 1366, height: 768 });
    await signIn(page, 'placement');
    await page.goto(`${baseUrl()}/app/Placements/Company Placement`);
    await page.getByTestId('profile-card').waitFor();
    expect(await page.getByTestId('role-chip').allTextContents()).toEqual(['Placement Dean']);
    expect(await page.getByTestId('login-role').textContent()).toBe('Placement Dean');

    await signIn(page, 'administration');
    await page.goto(`${baseUrl()}/app/Administration`);
    // the panels load after the page: wait for the administration's own before looking for the tool
    await page.getByTestId('logins-panel').waitFor();
    await page.getByTestId('profile-card').waitFor();
    expect(await page.getByTestId('decrypt-panel').count()).toBe(0);
    expect(await page.getByText('Decrypt Tool').count()).toBe(0);
    await shot(page, 'words-administration-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'words-administration-390');
    await page.context().close();
  });

  it('tells who may open a page and leads home, instead of a Retry that cannot work', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'hostel');
    // a page the route guards
    await page.goto(`${baseUrl()}/app/Admission/Applications`);
    const refusal = page.getByTestId('no-permission');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(MSG.noPermission);
    expect(await refusal.getByTestId('allowed-roles').textContent()).toBe(
      'This page is for the Admissions, Admin or Principal roles. ',
    );
    expect(decodeURI((await refusal.getByRole('link', { name: 'My home page' }).getAttribute('href')) ?? '')).toBe(
      '/app/Hostel/Hostel Management',
    );
    expect(await refusal.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    // a page whose calls the server refuses: the same message, the roles from its menu link
    await page.goto(`${baseUrl()}/app/Transport/Vehicles`);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(MSG.noPermission);
    expect(await refusal.getByTestId('allowed-roles').textContent()).toContain('Transportation Incharge');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await shot(page, 'words-no-permission-390');
    await refusal.getByRole('link', { name: 'My home page' }).click();
    await page.waitForURL((url) => decodeURI(url.pathname) === '/app/Hostel/Hostel Management');
    await page.context().close();
  });

  it("lists the accounts office's pages in the accountant's menu", async () => {
    const page = await newPage({ width: 1366, height: 768 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Accounts' }).click();
    const items = await page.getByRole('menu', { name: 'Accounts' }).getByRole('menuitem').allTextContents();
    expect(items).toEqual(
      expect.arrayContaining([
        'Fee Counter',
        'Scholarships and Waivers',
        'Vendor Payments',
        'Reports and Day Book',
        'Fee Structures',
      ]),
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('accounts-office-panel').waitFor();
    await shot(page, 'words-accounts-dashboard-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'words-accounts-dashboard-390');
    await page.context().close();
  });

  it("opens the transport dashboard on its certificates, above the profile, with the college's name readable at 390 px", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'transport');
    await page.goto(`${baseUrl()}/app/Transportation Dashboard`);
    const certificates = page.getByTestId('transport-panel').getByText('Certificates due within 30 days');
    await certificates.waitFor();
    const profile = page.getByTestId('profile-card');
    await profile.waitFor();
    const certBox = (await certificates.boundingBox())!;
    const profileBox = (await profile.boundingBox())!;
    expect(certBox.y + certBox.height).toBeLessThan(profileBox.y);
    // the work is on the first screen, not below the fold
    expect(certBox.y + certBox.height).toBeLessThan(844);

    const name = page.getByTestId('college-name');
    const box = (await name.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(150);
    // the whole name shows: two lines at most, none cut off
    expect(await name.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await shot(page, 'words-transport-dashboard-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'words-transport-dashboard-1366');

    await signIn(page, '22A91A0501');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/app/Student`);
    await page.getByTestId('work-panels').waitFor();
    await page.getByTestId('profile-card').waitFor();
    const work = (await page.getByTestId('work-panels').boundingBox())!;
    expect(work.y).toBeLessThan((await page.getByTestId('profile-card').boundingBox())!.y);
    await shot(page, 'words-student-dashboard-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'words-student-dashboard-1366');
    await page.context().close();
  });
});
