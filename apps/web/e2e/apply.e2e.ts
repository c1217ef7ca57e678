import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ONLINE_APPLICATION_MSG, MSG, PATHS } from '@erp/shared';
import { baseUrl, newPage, pickOption, shot, signIn } from './harness';

/** A real JPEG made by the page's canvas. */
const photoOf = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 60;
      c.height = 80;
      const g = c.getContext('2d')!;
      g.fillStyle = '#2e7d32';
      g.fillRect(0, 0, 60, 80);
      const blob: Blob = await new Promise((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.8));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();
const aadhar = `73${String(Date.now() % 1e10).padStart(10, '0')}`;
const DOB = '2008-03-17';
const NAME = 'Lahari Sai Prasanna';

describe('online application: from the home page to an admission', () => {
  let number = '';

  it('a visitor applies from the home page button and gets an application number', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await page.goto(baseUrl());
    await page.getByRole('link', { name: 'Apply for Admission' }).first().click();
    await page.waitForURL(`${baseUrl()}${PATHS.applyOnline}`);
    await page.getByRole('heading', { name: 'Apply for Admission', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toContain('Apply for Admission');
    await shot(page, 'apply-form-1366');

    // Nothing filled: the admission form's own first message.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => page.getByTestId('application-problem').textContent()).toBe(MSG.enterFullName);

    await pickOption(page, 'Admission Type', 'Direct');
    await pickOption(page, 'Course', 'B.Tech');
    await pickOption(page, 'Batch', '2025-2029');
    await pickOption(page, 'Branch', 'CSE');
    await field(page, 'Full Name').fill(NAME);
    await pickOption(page, 'Gender', 'FEMALE');
    await field(page, 'Aadhar Number').fill(aadhar);
    await field(page, 'Email Id').fill('lahari@example.com');
    await field(page, 'Mobile Number').fill('9876012345');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => page.getByTestId('application-problem').textContent()).toBe(ONLINE_APPLICATION_MSG.dobRequired);
    await field(page, 'Date of Birth').fill(DOB);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect.poll(() => page.getByTestId('application-problem').textContent()).toBe(ONLINE_APPLICATION_MSG.photoRequired);

    await page.getByTestId('photo-input').setInputFiles({ name: 'lahari.jpg', mimeType: 'image/jpeg', buffer: await photoOf(page) });
    await page.getByTestId('documents-input').setInputFiles({ name: 'ssc-memo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('chosen-document').getByText('ssc-memo.pdf').waitFor();
    await shot(page, 'apply-form-filled-1366');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const shown = page.getByTestId('application-number');
    await shown.waitFor();
    number = ((await shown.textContent()) ?? '').trim();
    expect(number).toMatch(/^APP-\d{4}-\d{5}$/);
    await shot(page, 'apply-submitted-1366');
    await page.context().close();
  });

  it('the form fits a 390 px phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}${PATHS.applyOnline}`);
    await page.getByRole('heading', { name: 'Apply for Admission', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add documents' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'apply-form-390');
    await page.context().close();
  });

  it('the applicant sees it under review; a wrong date of birth gets the one generic message', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}${PATHS.applicationStatus}?number=${number}`);
    await page.getByRole('heading', { name: 'Application Status' }).waitFor();
    await field(page, 'Date of Birth').fill('2008-03-18');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect.poll(() => page.getByTestId('status-error').textContent()).toBe(ONLINE_APPLICATION_MSG.notFound);
    await field(page, 'Date of Birth').fill(DOB);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect.poll(() => page.getByTestId('status-chip').textContent()).toBe('Under review');
    await page.context().close();
  });

  it('the admissions office finds it, sees the documents and accepts it into an admission', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.onlineApplications)}`);
    await page.getByRole('heading', { name: 'Online Applications' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    const row = page.getByTestId('online-application').filter({ hasText: number });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('online-application').count()).toBe(1);
    await shot(page, 'online-applications-1366');
    await row.getByRole('button', { name: `Review ${number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(NAME).first().waitFor();
    // The Aadhaar number is shown masked.
    expect(await dialog.textContent()).toContain(`XXXX XXXX ${aadhar.slice(-4)}`);
    const [doc] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'ssc-memo.pdf' }).click()]);
    expect(doc.url()).toMatch(/^blob:/);
    await doc.close();
    await dialog.getByRole('button', { name: 'Photo' }).waitFor();
    await shot(page, 'online-application-review-1366');
    const [pdf] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Accept into admission' }).click()]);
    await pdf.close();
    const toast = page.locator('[role="status"]', { hasText: 'Application accepted: admission number' }).last();
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/SVEC\/\d{4}\/\d{5}/);
    // Gone from the pending queue.
    await expect.poll(() => page.getByTestId('online-application').count()).toBe(0);
    await page.context().close();
  });

  it('the applicant sees "accepted" with the admission number on the status page', async () => {
    for (const width of [1366, 390]) {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${baseUrl()}${PATHS.applicationStatus}?number=${number}`);
      await field(page, 'Date of Birth').fill(DOB);
      await page.getByRole('button', { name: 'Check Status' }).click();
      await expect.poll(() => page.getByTestId('status-chip').textContent()).toBe('Accepted');
      expect(await page.getByTestId('admission-number').textContent()).toMatch(/^SVEC\/\d{4}\/\d{5}$/);
      expect(await page.getByTestId('application-status').textContent()).toContain(NAME);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `application-status-accepted-${width}`);
      await page.context().close();
    }
  });
});
