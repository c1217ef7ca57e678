import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LOGINS_MSG, MSG, PATHS } from '@erp/shared';
import { apiCall, baseUrl, newPage, registerApprovedUser, sawToast, shot, signIn } from './harness';

// The SRK demo college: few students, so the test stays quick.
const SRK = 'srk.localhost';
const url = () => `${baseUrl(SRK)}${PATHS.createLogins}`;

async function sheetRows(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as string[]).slice(1);
  const rows: Array<Record<string, string>> = [];
  ws.eachRow((row, n) => {
    const values = (row.values as string[]).slice(1);
    if (n > 1 && values.length >= header.length) rows.push(Object.fromEntries(header.map((h, i) => [h, String(values[i])])));
  });
  return { header, rows };
}

describe('create logins', () => {
  it('refuses non-admin roles', async () => {
    const page = await newPage();
    await signIn(page, 'principal');
    await page.goto(`${baseUrl()}${PATHS.createLogins}`);
    await page.getByText(MSG.noPermission).waitFor();
    expect(await page.getByRole('button', { name: /Create/ }).count()).toBe(0);
    await page.context().close();
  });

  it('puts create-logins and decrypt-tool panels on the admin dashboard', async () => {
    const page = await newPage();
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}${encodeURI('/app/Admin')}`);
    await page.getByTestId('decrypt-panel').waitFor();
    await page.getByTestId('logins-panel').getByRole('link', { name: 'Create Logins' }).click();
    await page.getByRole('heading', { name: 'Create Logins' }).waitFor();
    await page.context().close();
  });

  it('creates faculty logins by employee code once, and the sheet downloads once', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await signIn(page, 'srkadmin', SRK);
    await page.goto(url());
    await page.getByRole('heading', { name: 'Create Logins' }).waitFor();
    await page.getByRole('radio', { name: 'Faculty' }).check();
    await page.getByRole('button', { name: 'Create Faculty Logins' }).click();
    await page.getByTestId('login-by-error').getByText(MSG.selectEmailOrEmpCode).waitFor();
    await sawToast(page, MSG.selectEmailOrEmpCode);

    await page.getByRole('radio', { name: 'EmpCode' }).check();
    await page.getByRole('button', { name: 'Create Faculty Logins' }).click();
    await page.getByTestId('login-outcome').getByText(LOGINS_MSG.facultyCreated(24)).waitFor();
    const item = page.getByTestId('credentials-item');
    await item.getByText('24 faculty logins').waitFor();
    await shot(page, 'create-logins-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^faculty-logins-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await sheetRows((await download.path())!);
    expect(sheet.header).toEqual(['Emp Code', 'Name', 'Username', 'Password', 'Email', 'Department']);
    expect(sheet.rows).toHaveLength(24);
    await page.getByText('No credentials waiting to be downloaded.').waitFor();

    // The passwords work, and the account must change its password first.
    const first = sheet.rows[0];
    const signin = await apiCall('POST', '/api/auth-service/auth/signin', { username: first.Username, password: first.Password, module: 'erp' }, SRK);
    expect(signin.status).toBe(200);
    expect(JSON.parse(signin.text)).toMatchObject({ username: first['Emp Code'], mustChangePassword: true });

    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Create Faculty Logins' }).click();
    await page.getByTestId('login-outcome').getByText(LOGINS_MSG.noNewFaculty).waitFor();
    await page.context().close();
  });

  it('creates student logins, then says there is nothing new; fits 360 px', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 360, height: 800 });
    await signIn(page, 'srkadmin', SRK);
    await page.goto(url());
    await page.getByRole('button', { name: 'Create Student Logins' }).click();
    await page.getByTestId('login-outcome').getByText(/^Created \d+ student logins/).waitFor({ timeout: 60_000 });
    await page.getByTestId('credentials-item').getByText(/student logins/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'create-logins-360');
    await page.getByRole('button', { name: 'Create Student Logins' }).click();
    await page.getByTestId('login-outcome').getByText(LOGINS_MSG.noNewStudents).waitFor({ timeout: 60_000 });
    await page.context().close();
  });

  it('resets a forgotten password to a one-time password the user must change at sign-in', async () => {
    await registerApprovedUser('forgetful', 'Forgot@123');
    const page = await newPage();
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}${PATHS.createLogins}`);
    const card = page.getByRole('form', { name: 'Reset a Password' });
    await card.getByRole('heading', { name: 'Reset a Password' }).waitFor();
    await card.getByRole('button', { name: 'Reset Password' }).click();
    await card.getByText(LOGINS_MSG.enterUsername).waitFor();

    await card.getByLabel('Username').fill('nobody-here');
    await card.getByRole('button', { name: 'Reset Password' }).click();
    // resetting asks first and says what will happen
    const ask = page.getByRole('dialog', { name: 'Reset the password of nobody-here?' });
    await ask.getByText(/Every session the account has open ends/).waitFor();
    await ask.getByRole('button', { name: 'Reset Password' }).click();
    await card.getByText(LOGINS_MSG.noSuchUser).waitFor();

    await card.getByLabel('Username').fill('FORGETFUL');
    await card.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('dialog', { name: 'Reset the password of FORGETFUL?' }).getByRole('button', { name: 'Reset Password' }).click();
    const result = page.getByTestId('reset-result');
    await result.getByText(LOGINS_MSG.oneTimePasswordHint).waitFor();
    expect(await result.textContent()).toContain('forgetful Tester (forgetful)');
    const password = (await page.getByTestId('reset-password').textContent())!.trim();
    expect(password).toHaveLength(12);
    expect(await card.getByLabel('Username').inputValue()).toBe('');
    await shot(page, 'reset-password-1280');

    expect((await apiCall('POST', '/api/auth-service/auth/signin', { username: 'forgetful', password: 'Forgot@123' })).status).toBe(401);
    const signin = await apiCall('POST', '/api/auth-service/auth/signin', { username: 'forgetful', password });
    expect(signin.status).toBe(200);
    expect(JSON.parse(signin.text)).toMatchObject({ username: 'forgetful', mustChangePassword: true });
    await page.context().close();
  });
});
