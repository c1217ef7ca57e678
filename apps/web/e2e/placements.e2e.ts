import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, newPage, shot, signIn } from './harness';

// The machine is shared: give the app up to 10 s to show what is asserted on.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();

describe('placements', () => {
  it('a student applies to a drive with a resume; the dean records a round and an offer; the student sees the offer', async () => {
    const student = await newPage({ width: 1366, height: 900 });
    await signIn(student, '22A91A0501');
    await student.goto(`${baseUrl()}/app/placements/student`);
    const card = student.locator('[data-testid^="drive-"]', { hasText: 'Cognizant' });
    await card.getByRole('button', { name: 'Apply' }).waitFor();
    await shot(student, 'placements-student-1366');
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await card.getByRole('button', { name: 'Apply' }).click();
    await poll(() => toasts(student)).toContain('Applied to Cognizant');
    await poll(() => card.textContent()).toContain('Applied · applied');
    const driveId = (await card.getAttribute('data-testid'))!.replace('drive-', '');

    const dean = await newPage({ width: 1366, height: 900 });
    await signIn(dean, 'placement');
    await dean.goto(`${baseUrl()}/app/placements/drives/${driveId}`);
    const row = dean.getByTestId('applicant-22A91A0501');
    await row.waitFor();
    await dean.getByRole('button', { name: 'Record a round' }).click();
    const dialog = dean.getByRole('dialog', { name: 'Record round 1' });
    await dialog.getByRole('textbox', { name: 'Round name' }).fill('Aptitude');
    await dialog.getByRole('button', { name: 'Save round' }).click();
    await poll(() => toasts(dean)).toContain('Aptitude recorded');
    await poll(() => row.textContent()).toContain('Qualified');
    await row.getByRole('button', { name: 'Make offer' }).click();
    await poll(() => toasts(dean)).toContain('Offer recorded for 22A91A0501');
    await poll(() => row.textContent()).toContain('₹4,00,000');
    await row
      .getByLabel('Offer letter of 22A91A0501')
      .setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await poll(() => toasts(dean)).toContain('Offer letter uploaded');
    await row.getByRole('button', { name: 'Letter' }).waitFor();
    await shot(dean, 'placements-drive-1366');
    await dean.getByRole('tab', { name: 'Eligibility' }).click();
    await poll(() => dean.getByRole('table', { name: 'Eligibility' }).textContent()).toContain('22A91A0501');

    await student.reload();
    await poll(() => student.getByTestId('my-offers').textContent()).toContain('Cognizant · ₹4,00,000 per annum');
    expect(await student.getByRole('button', { name: 'Offer letter' }).count()).toBe(1);
    await poll(() => student.getByTestId('my-applications').textContent()).toContain('Aptitude: qualified');

    await dean.goto(`${baseUrl()}/app/placements`);
    await dean.getByRole('tab', { name: 'Statistics' }).click();
    await poll(() => dean.getByTestId('placement-stats').textContent()).toContain('All');
    await shot(dean, 'placements-stats-1366');
    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, '22A91A0501');
    await phone.goto(`${baseUrl()}/app/placements/student`);
    await phone.getByTestId('my-offers').waitFor();
    await shot(phone, 'placements-student-390');
  }, 120_000);
});
