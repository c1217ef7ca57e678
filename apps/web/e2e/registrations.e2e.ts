import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, REGISTRATION_MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

const errorsShown = (page: Page) => page.locator('.MuiFormHelperText-root.Mui-error').allTextContents();

const pick = (page: Page, label: string, option: string) => pickOption(page, label, option);

async function fillForm(page: Page, username: string) {
  await page.locator('input[name=fullName]').fill('Kavya Menon');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=email]').fill(`${username}@example.org`);
  await page.locator('input[name=password]').fill('Secret@123');
  await page.locator('input[name=eamcetCode]').fill('SVEC');
  await page.locator('input[name=collegeName]').fill('Sri Venkateswara Engineering College');
  await pick(page, 'InstituteType', 'affiliated');
  await page.locator('input[name=affiliatedTo]').fill('JNTU Kakinada');
  await pick(page, 'Role', 'Faculty');
  await pick(page, 'Department', 'ECE');
  await page.getByRole('combobox', { name: 'Select Module' }).click();
  await page.getByRole('option', { name: 'naac', exact: true }).click();
  await page.keyboard.press('Escape');
}

const signInStatus = async (username: string, password = 'Secret@123') => {
  const res = await apiCall('POST', '/api/auth-service/auth/signin', { username, password, module: 'erp' });
  return { status: res.status, message: JSON.parse(res.text).message as string | undefined };
};

describe('institute-user registration (/register)', () => {
  it('shows every rule message in field order, and the conditional fields', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/register`);
    const create = page.getByRole('button', { name: 'Create User' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await expect.poll(() => page.locator('input[name=affiliatedTo]').count()).toBe(0);
    await expect.poll(() => page.getByRole('combobox', { name: 'Department' }).count()).toBe(0);
    await create.click();
    await expect
      .poll(() => errorsShown(page))
      .toEqual([
        'Please enter Full Name',
        MSG.userNameMin,
        MSG.validEmailId,
        MSG.passwordMin6,
        'Please enter Eamcet Code of the College',
        'Please enter Name of the College',
        'Please select InstituteType',
        REGISTRATION_MSG.selectRole,
        REGISTRATION_MSG.selectModule,
      ]);
    await page.locator('input[name=username]').fill('a`b');
    await page.locator('input[name=email]').fill('not-an-email');
    await pick(page, 'InstituteType', 'affiliated');
    await pick(page, 'Role', 'Hod');
    await create.click();
    await expect.poll(() => page.locator('input[name=affiliatedTo]').count()).toBe(1);
    const errors = await errorsShown(page);
    expect(errors).toContain(MSG.userNameMin);
    expect(errors).toContain(MSG.validEmailId);
    expect(errors).toContain(REGISTRATION_MSG.enterAffiliatedTo);
    expect(errors).toContain(REGISTRATION_MSG.selectDepartment);
    // Department options come from v1/getProgram.
    await page.getByRole('combobox', { name: 'Department' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['CIVIL', 'CSE', 'ECE', 'EEE', 'MBA', 'MECH']);
    await page.keyboard.press('Escape');
    await pick(page, 'Role', 'Admin');
    await expect.poll(() => page.getByRole('combobox', { name: 'Department' }).count()).toBe(0);
    await shot(page, 'registration-errors-1280');
  });

  it('registers: success dialog, reload, then pending until an admin approves', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/register/erp`);
    await fillForm(page, 'kavya.menon');
    await shot(page, 'registration-filled-1280');
    const sent = page.waitForRequest((r) => r.url().includes('/auth/signup'));
    await page.getByRole('button', { name: 'Create User' }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      username: 'kavya.menon', role: ['faculty'], department: 'ECE', instituteType: 'affiliated', affiliatedTo: 'JNTU Kakinada', module: 'erp,naac', signInType: '',
    });
    expect(body.password).not.toContain('Secret');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(MSG.registrationSuccess);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'OK' }).click()]);
    await expect.poll(() => page.locator('input[name=username]').inputValue()).toBe('');

    expect(await signInStatus('kavya.menon')).toEqual({ status: 401, message: MSG.registrationPending });
    // Signing in on the login page before approval shows the clear message.
    const early = await newPage();
    await early.goto(`${baseUrl()}/login/Admin`);
    await early.getByRole('textbox', { name: 'Username' }).fill('kavya.menon');
    await early.locator('input[type=password]').fill('Secret@123');
    await early.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => early.getByTestId('login-error').textContent()).toBe(MSG.registrationPending);

    // The same user again: the server's message in an 'Oops...' dialog.
    await fillForm(page, 'kavya.menon');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(MSG.oops);
    expect(await page.getByRole('dialog').textContent()).toContain('User Name already exists');

    // The admin approves it on the pending-registrations screen.
    const admin = await newPage();
    await signIn(admin, 'admin');
    await admin.goto(`${baseUrl()}/app/Admin/Pending Registrations`);
    const row = admin.getByTestId('pending-kavya.menon');
    await expect.poll(() => row.textContent()).toContain('Kavya Menon');
    await shot(admin, 'pending-registrations-1280');
    await row.getByRole('button', { name: 'Approve' }).click();
    const ask = admin.getByRole('dialog', { name: 'Approve the registration of kavya.menon?' });
    await ask.getByText(/kavya.menon can sign in from now on, as/).waitFor();
    await ask.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => admin.getByRole('status').allTextContents()).toContain(MSG.recordAuthorized);
    await expect.poll(() => admin.getByTestId('pending-kavya.menon').count()).toBe(0);
    expect((await signInStatus('kavya.menon')).status).toBe(200);
  });

  it('an admin rejects a registration after confirming', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/register`);
    await fillForm(page, 'not.approved');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(MSG.registrationSuccess);
    const admin = await newPage({ width: 360, height: 780 });
    await signIn(admin, 'admin');
    await admin.goto(`${baseUrl()}/app/Admin/Pending Registrations`);
    const row = admin.getByTestId('pending-not.approved');
    await row.waitFor(); // the page's code loads on demand
    await expect.poll(() => row.count()).toBe(1);
    await shot(admin, 'pending-registrations-360');
    await row.getByRole('button', { name: 'Reject' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => admin.getByRole('status').allTextContents()).toContain(MSG.recordRejected);
    expect(await signInStatus('not.approved')).toEqual({ status: 401, message: MSG.registrationRejected });
  });

  it('the login page toggles to the Sign Up view, except for Student and Faculty', async () => {
    const page = await newPage({ width: 360, height: 780 });
    await page.goto(`${baseUrl()}/login/Admin`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Create User' }).count()).toBe(1);
    expect(await page.locator('input[name=fullName]').count()).toBe(1);
    await shot(page, 'signup-view-360');
    for (const module of ['Student', 'Faculty']) {
      await page.goto(`${baseUrl()}/login/${module}`);
      await expect.poll(() => page.locator('input').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    }
  });
});
