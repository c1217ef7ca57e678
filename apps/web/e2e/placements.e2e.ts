import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, newPage, shot, signIn } from './harness';

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
    const offer = dean.getByRole('dialog', { name: /^Offer to / });
    await offer.getByRole('textbox', { name: 'Role offered' }).fill('');
    await offer.getByRole('button', { name: 'Next' }).click();
    await offer.getByText('Give the role offered').waitFor();
    await offer.getByRole('textbox', { name: 'Role offered' }).fill('Programmer Analyst Trainee');
    await shot(dean, 'office-make-offer-1366');
    await dean.setViewportSize({ width: 390, height: 844 });
    await shot(dean, 'office-make-offer-390');
    await dean.setViewportSize({ width: 1366, height: 900 });
    await offer.getByRole('button', { name: 'Next' }).click();
    await offer.getByTestId('offer-confirm').waitFor();
    await shot(dean, 'office-make-offer-confirm-1366');
    await offer.getByRole('button', { name: 'Record offer' }).click();
    await poll(() => toasts(dean)).toContainEqual(expect.stringContaining('Offer recorded for 22A91A0501 by'));
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

  it('the dean changes the offer policy (the change is listed) and a refused offer says why', async () => {
    const dean = await newPage({ width: 1366, height: 900 });
    const user = await signIn(dean, 'placement');
    await dean.goto(`${baseUrl()}/app/placements?tab=policy`);
    const form = dean.getByRole('form', { name: 'Offer policy' });
    await form.getByRole('radio', { name: 'One offer per student' }).waitFor();
    await form.getByRole('radio', { name: 'One offer per student' }).check();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await poll(() => toasts(dean)).toContain('Placement policy saved');
    await poll(() => dean.getByTestId('policy-now').textContent()).toContain('In force: one offer per student');
    await poll(() => dean.getByTestId('policy-change').first().textContent()).toContain(
      'offers: a second dream offer → one offer per student',
    );
    await shot(dean, 'placements-policy-1366');

    // Under one offer per student, a placed student is not listed for another drive, with the policy as the reason.
    const auth = { authorization: `Bearer ${user.token}` };
    const offers = JSON.parse(
      (await apiCall('GET', '/api/placements/offers?batch=2022-2026', undefined, 'localhost', auth)).text,
    ) as Array<{
      rollNo: string;
      driveId: number;
    }>;
    const placed = offers[0];
    const drives = JSON.parse(
      (await apiCall('GET', '/api/placements/drives?batch=2022-2026', undefined, 'localhost', auth)).text,
    ) as Array<{
      id: number;
    }>;
    const other = drives.find((d) => d.id !== placed.driveId)!;
    await dean.goto(`${baseUrl()}/app/placements/drives/${other.id}`);
    await dean.getByRole('tab', { name: 'Eligibility' }).click();
    const row = dean.getByRole('table', { name: 'Eligibility' }).getByRole('row').filter({ hasText: placed.rollNo });
    await poll(() => row.textContent()).toContain('Already placed: one offer per student');
    await dean.goto(`${baseUrl()}/app/placements?tab=policy`);

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'placement');
    await phone.goto(`${baseUrl()}/app/placements?tab=policy`);
    await phone.getByTestId('policy-change').first().waitFor();
    await shot(phone, 'placements-policy-390');

    // Back to the demo policy.
    await form.getByRole('radio', { name: /dream/ }).check();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await poll(() => dean.getByTestId('policy-now').textContent()).toContain('In force: a second dream offer');
  }, 120_000);

  it('the dean verifies a declared higher-studies record and records another; both are in the register', async () => {
    const dean = await newPage({ width: 1366, height: 900 });
    const user = await signIn(dean, 'placement');
    const auth = { authorization: `Bearer ${user.token}` };
    // An unplaced final-year student with no record yet.
    const get = async <T>(p: string) => JSON.parse((await apiCall('GET', p, undefined, 'localhost', auth)).text) as T;
    const drives = await get<Array<{ id: number }>>('/api/placements/drives?batch=2022-2026');
    const batch = await get<{ students: Array<{ rollNo: string; name: string }> }>(
      `/api/placements/drives/${drives[0].id}/eligible`,
    );
    const placed = new Set((await get<Array<{ rollNo: string }>>('/api/placements/offers')).map((o) => o.rollNo));
    const recorded = new Set(
      (await get<{ items: Array<{ rollNo: string }> }>('/api/placements/higher-studies?pageSize=100')).items.map((r) => r.rollNo),
    );
    const pick = batch.students.find((s) => !placed.has(s.rollNo) && !recorded.has(s.rollNo) && !/0501$|0502$/.test(s.rollNo))!;

    await dean.goto(`${baseUrl()}/app/placements?tab=higher-studies`);
    const table = dean.getByRole('table', { name: 'Higher studies' });
    await table.waitFor();
    await dean.getByRole('searchbox', { name: 'Search' }).fill('Arizona');
    const declared = dean.getByTestId('hs-row').filter({ hasText: 'Arizona State University' });
    await declared.getByText('To verify').waitFor();
    await shot(dean, 'placements-higher-studies-1366');
    await declared.getByRole('button', { name: 'Verify' }).click();
    await poll(() => toasts(dean)).toEqual(expect.arrayContaining([expect.stringMatching(/verified$/)]));
    await declared.getByText('Verified').waitFor();

    await dean.getByRole('searchbox', { name: 'Search' }).fill('');
    await dean.getByRole('button', { name: 'Record higher studies' }).click();
    const dialog = dean.getByRole('dialog', { name: 'Record higher studies' });
    await dialog.getByRole('textbox', { name: 'Roll number' }).fill(pick.rollNo);
    await dialog.getByRole('textbox', { name: 'Programme' }).fill('M.Tech Structural Engineering');
    await dialog.getByRole('textbox', { name: 'Institution' }).fill('IIT Hyderabad');
    await dialog.getByRole('spinbutton', { name: 'Admission year' }).fill('2026');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'admission-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => toasts(dean)).toContain(`${pick.name} (${pick.rollNo}): M.Tech Structural Engineering recorded`);
    await dean.getByRole('searchbox', { name: 'Search' }).fill(pick.rollNo);
    const row = dean.getByTestId('hs-row').filter({ hasText: pick.rollNo });
    await row.getByText('Verified').waitFor();
    await row.getByRole('button', { name: 'View' }).waitFor();

    const [download] = await Promise.all([
      dean.waitForEvent('download'),
      dean.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('higher-studies-2022-2026.xlsx');

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'placement');
    await phone.goto(`${baseUrl()}/app/placements?tab=higher-studies`);
    await phone.getByTestId('hs-row').first().waitFor();
    await shot(phone, 'placements-higher-studies-390');
  }, 120_000);
});
