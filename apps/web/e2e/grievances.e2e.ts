import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, newPage, pickOption, shot, signIn } from './harness';

// The machine is shared: give the app up to 10 s to show what is asserted on.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();

const pick = (page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) => pickOption(page, label, option, scope);

describe('grievances', () => {
  it('a student lodges a grievance, the incharge acknowledges and resolves it, and the student sees the decision', async () => {
    const subject = `Lab record not returned ${Date.now()}`;
    const student = await newPage();
    await signIn(student, '22A91A0501');
    await student.goto(`${baseUrl()}/app/grievance-redressal`);
    await student.getByRole('button', { name: 'Lodge a grievance' }).click();
    const dialog = student.getByRole('dialog', { name: 'Lodge a grievance' });
    await dialog.getByRole('button', { name: 'Lodge' }).click();
    await expect
      .poll(() => dialog.locator('.Mui-error.MuiFormHelperText-root').allTextContents())
      .toEqual(['Choose a category', 'Write a short subject', 'Describe the grievance']);
    await pick(student, dialog, 'Category', 'Academic');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('My Data Structures lab record was collected on 3 November and has not been returned.');
    await poll(() => dialog.getByText(/\d+ \/ 3000/).textContent()).toBe('84 / 3000');
    await dialog
      .getByTestId('grievance-files')
      .setInputFiles({ name: 'record.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dialog.getByRole('button', { name: 'Lodge' }).click();
    await poll(() => toasts(student)).toContainEqual(expect.stringMatching(/^Grievance GRV-\d{4}-\d{5} lodged$/));
    await poll(() => student.getByRole('heading', { level: 1 }).textContent()).toBe(subject);
    await poll(() => student.getByTestId('grievance-status').textContent()).toContain('Submitted');
    expect(await student.getByRole('button', { name: 'record.pdf' }).count()).toBe(1);
    const url = student.url();
    await shot(student, 'grievance-lodged-1366');

    const incharge = await newPage({ width: 1366, height: 900 });
    await signIn(incharge, 'grievance');
    await incharge.goto(`${baseUrl()}/app/grievance-redressal`);
    await incharge.getByRole('link', { name: /GRV-/ }).first().waitFor();
    await shot(incharge, 'grievances-list-1366');
    await incharge.goto(url);
    await poll(() => incharge.getByRole('heading', { level: 1 }).textContent()).toBe(subject);
    const act = incharge.getByRole('form', { name: 'Change status' });
    await act.getByRole('button', { name: 'Update' }).click();
    await poll(() => incharge.getByTestId('grievance-status').textContent()).toContain('Acknowledged');
    await pick(incharge, act, 'New status', 'Resolved');
    await act.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => act.locator('.Mui-error.MuiFormHelperText-root').allTextContents())
      .toEqual(['Give the reason for the decision']);
    await act
      .getByRole('textbox', { name: 'Reason / resolution' })
      .fill('The record was with the lab assistant; returned on 24 November.');
    await act.getByRole('button', { name: 'Update' }).click();
    await poll(() => incharge.getByTestId('grievance-status').textContent()).toContain('Resolved');
    const note = incharge.getByRole('form', { name: 'Add a comment' });
    await note.getByRole('textbox', { name: 'Comment' }).fill('Lab assistant warned about keeping records.');
    await note.getByRole('checkbox', { name: /Internal note/ }).check();
    await note.getByRole('button', { name: 'Post' }).click();
    await poll(() => incharge.getByTestId('grievance-thread').textContent()).toContain('internal note');

    await student.reload();
    await poll(() => student.getByTestId('grievance-status').textContent()).toContain('Resolved');
    await poll(() => student.getByText(/returned on 24 November/).count()).toBeGreaterThan(0);
    expect(await student.getByTestId('grievance-thread').textContent()).not.toContain('Lab assistant warned');
    expect(await student.getByRole('form', { name: 'Appeal' }).count()).toBe(1);
    await shot(student, 'grievance-resolved-1366');

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'grievance');
    await phone.goto(`${baseUrl()}/app/grievance-redressal`);
    await phone
      .getByRole('button', { name: /Open GRV-/ })
      .first()
      .waitFor();
    await shot(phone, 'grievances-list-390');
  }, 120_000);

  it('shows the incharge the reports', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'grievance');
    await page.goto(`${baseUrl()}/app/grievance-redressal/reports`);
    await poll(() => page.getByTestId('grievance-figures').textContent()).toContain('Received');
    await poll(() => page.getByRole('table', { name: 'Overdue grievances' }).getByRole('link').count()).toBeGreaterThan(0);
    await shot(page, 'grievance-reports-1366');
  });

  it('shows the admin the committees checked against the regulations, and refuses one that is not', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/app/grievance-redressal/committees`);
    await poll(() => page.getByText('Meets the regulations').count()).toBe(2);
    await shot(page, 'grievance-committees-1366');
    await page.getByRole('button', { name: 'New committee' }).click();
    const dialog = page.getByRole('dialog', { name: 'New committee' });
    // The committee's name, then the first member's (the chair's).
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).nth(0).fill('Library Committee');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).nth(1).fill('Dr. A. Ramesh');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toContain(
      'Four Professors or senior faculty members are needed as members',
    );
  });

  it('a parent lodges a grievance about their child from the parent home and follows its thread', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'parent');
    await page.goto(`${baseUrl()}/app/Parent`);
    await page.getByRole('tab', { name: 'Grievances', exact: true }).click();
    const panel = page.getByTestId('parent-grievances');
    // The seeded grievance: its status and the committee's reply, never its internal note.
    const seeded = panel.getByTestId('parent-grievance').filter({ hasText: 'College bus skips the Tiruchanoor stop' });
    await seeded.getByText('Acknowledged').waitFor();
    await seeded.click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('grievance-thread').waitFor();
    expect(await detail.getByTestId('grievance-thread').textContent()).toContain('We have asked the transport officer to check route 4');
    expect(await detail.getByTestId('grievance-thread').textContent()).not.toContain('driver’s log');
    await shot(page, 'grievances-parent-thread-1366');
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    const subject = `Scholarship not credited ${Date.now().toString(36)}`;
    await panel.getByRole('button', { name: 'Lodge a grievance' }).click();
    const dialog = page.getByRole('dialog', { name: /Lodge a grievance about/ });
    await pickOption(page, 'Category', 'Fees', dialog);
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The post-matric scholarship for this year is shown as paid but the college has not adjusted it against the fee.');
    await dialog.getByRole('button', { name: 'Lodge' }).click();
    await poll(() => page.locator('[role=status]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Grievance GRV-\d{4}-\d{5} lodged$/)]),
    );
    const mine = panel.getByTestId('parent-grievance').filter({ hasText: subject });
    await mine.getByText('Submitted').waitFor();
    await shot(page, 'grievances-parent-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await mine.click();
    await page.getByRole('dialog').getByTestId('grievance-status').waitFor();
    await shot(page, 'grievances-parent-thread-390');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await shot(page, 'grievances-parent-390');
    await page.close();
  }, 120_000);
});
