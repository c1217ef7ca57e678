import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, registerApprovedUser, shot, signIn } from './harness';

const USER = 'pwchanger';
const FIRST = 'Secret@123';

/** A user of this test's own (registered and approved), so no other test's demo login changes. */
beforeAll(() => registerApprovedUser(USER, FIRST));

const errorsShown = (page: Page) => page.locator('.MuiFormHelperText-root.Mui-error').allTextContents();
const fill = async (page: Page, old: string, next: string, confirm: string) => {
  await page.locator('input[name=oldpassword]').fill(old);
  await page.locator('input[name=newPassword]').fill(next);
  await page.locator('input[name=confirmPassword]').fill(confirm);
  await page.getByRole('button', { name: 'Reset' }).click();
};

describe('change password (/app/reset Password)', () => {
  it('shows the read-only user name, the instructions and every rule message', async () => {
    const page = await newPage();
    await signIn(page, USER, 'localhost', FIRST);
    await page.goto(`${baseUrl()}/app/reset Password`);
    const name = page.getByRole('textbox', { name: 'User Name' });
    expect(await name.inputValue()).toBe(USER);
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('password-instructions').textContent()).toBe(MSG.passwordInstructions);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => errorsShown(page)).toEqual([MSG.requiredField, MSG.requiredField, MSG.requiredField]);

    await fill(page, FIRST, 'weakpass', 'weakpass');
    await expect.poll(() => errorsShown(page)).toEqual([MSG.fillAsPerInstructions, MSG.fillAsPerInstructions]);
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain(MSG.fillAsPerInstructions);

    await fill(page, FIRST, FIRST, FIRST);
    await expect.poll(() => errorsShown(page)).toEqual([MSG.newSameAsOld]);

    await fill(page, FIRST, 'Better@1234', 'Better@4321');
    await expect.poll(() => errorsShown(page)).toEqual([MSG.confirmNotMatched]);

    // Visibility toggle shows the typed value.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.locator('input[name=oldpassword]').getAttribute('type')).toBe('text');
    await shot(page, 'reset-password-errors-1280');

    // A wrong old password: the server's status 0 message in an 'Oops...' dialog.
    await fill(page, 'Wrong@1234', 'Better@1234', 'Better@1234');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(MSG.oops);
    expect(await dialog.textContent()).toContain('Old password is incorrect');
    await dialog.getByRole('button', { name: 'OK' }).click();
  });

  it('on success ends the session and opens the sign-in page, which says to sign in again with the new password', async () => {
    const page = await newPage({ width: 360, height: 780 });
    await signIn(page, USER, 'localhost', FIRST);
    // A second browser signed in before the change.
    const other = await newPage();
    await signIn(other, USER, 'localhost', FIRST);
    await page.goto(`${baseUrl()}/app/reset Password`);
    await shot(page, 'reset-password-360');
    await fill(page, FIRST, 'Better@1234', 'Better@1234');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(MSG.passwordUpdated);
    await Promise.all([page.waitForURL(/\/login\/erp\?reason=password-changed$/), dialog.getByRole('button', { name: 'OK' }).click()]);
    await expect.poll(() => page.getByTestId('signin-reason').textContent()).toBe(MSG.passwordChangedSignInAgain);
    await shot(page, 'signin-after-password-change-360');
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'erpUser' && c.value)).toBe(false);
    // The other browser's session is refused by the server now.
    const session = (await other.context().cookies()).find((c) => c.name === 'erp_session')!.value;
    const refused = await apiCall('GET', '/api/dashboard/summary', undefined, 'localhost', { cookie: `erp_session=${session}` });
    expect(refused.status).toBe(401);
    const newSignIn = await apiCall('POST', '/api/auth-service/auth/signin', { username: USER, password: 'Better@1234' });
    expect(newSignIn.status).toBe(200);
    expect((await apiCall('POST', '/api/auth-service/auth/signin', { username: USER, password: FIRST })).status).toBe(401);
  });
});
