import { describe, expect, it } from 'vitest';
import { DEFAULT_CIPHER_KEY, MSG, PATHS, encryptText } from '@erp/shared';
import { baseUrl, newPage, sawToast, shot, signIn } from './harness';

const url = () => `${baseUrl()}${encodeURI(PATHS.decryptTool)}`;

describe('decrypt tool', () => {
  it('asks for input, encrypts, decrypts and reports a bad value', async () => {
    const page = await newPage();
    await signIn(page, 'admin');
    await page.goto(url());
    await page.getByRole('heading', { name: 'Decrypt Tool' }).waitFor();
    const input = page.getByLabel('Value');

    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText(MSG.enterEncryptedValue).waitFor();
    await page.getByRole('button', { name: 'Encrypt' }).click();
    await page.getByText(MSG.enterPlainText).waitFor();
    expect(await page.getByText(MSG.enterEncryptedValue).count()).toBe(0);

    await input.fill('Secret@123');
    await page.getByRole('button', { name: 'Encrypt' }).click();
    const encrypted = encryptText('Secret@123', DEFAULT_CIPHER_KEY);
    await page.getByTestId('decrypt-result').getByText(encrypted).waitFor();

    await input.fill(encrypted);
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByTestId('decrypt-result').getByText('Secret@123', { exact: true }).waitFor();
    await shot(page, 'decrypt-1280');

    await input.fill('not-a-cipher-text');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await sawToast(page, MSG.decryptError);
    expect(await page.getByTestId('decrypt-result').count()).toBe(0);
    await page.context().close();
  });

  it('tells other roles they may not use it, and fits 360 px', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signIn(page, 'principal');
    await page.goto(url());
    await page.getByText(MSG.noPermission).waitFor();
    expect(await page.getByRole('button', { name: 'Decrypt' }).count()).toBe(0);
    await signIn(page, 'administration');
    await page.goto(url());
    await page.getByRole('heading', { name: 'Decrypt Tool' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'decrypt-360');
    await page.context().close();
  });
});
