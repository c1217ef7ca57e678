import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAM_MSG, LANDING_BY_ROLE } from '@erp/shared';
import { baseUrl, newPage, pickOption, sawToast, shot, signIn } from './harness';

const STUDENT = '22A91A0501'; // B.Tech 2022 batch, CSE, semester IV-I under R22 in the demo
const NAME = `B.Tech Regular Examinations (browser test ${Date.now().toString(36)})`;

/** The exam the first test creates, for the principal's and the student's look at it. */
let examPath = '';

/** yyyy-mm-dd, `days` from today. */
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Screenshots of the page at the desktop and the phone width, then back to the desktop. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ready();
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('the exam cell before the exam', () => {
  it('creates an exam, opens registration, registers everyone and lists the registrations', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'examcell');
    await page.goto(`${baseUrl()}/app/exams`);
    await page.getByRole('heading', { name: 'Exams', exact: true }).waitFor();
    await page.getByTestId('data-table').and(page.locator('[aria-busy=false]')).waitFor();
    await shots(page, 'exams-list', () => page.getByRole('button', { name: 'New exam' }).waitFor());

    // The form's messages are the schema's.
    await page.getByRole('button', { name: 'New exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'New exam' });
    await dialog.getByRole('button', { name: 'Create exam' }).click();
    await dialog.getByText(EXAM_MSG.name).waitFor();
    await dialog.getByText(EXAM_MSG.regulation).waitFor();
    await dialog.getByText(EXAM_MSG.semesters).waitFor();

    await dialog.getByLabel('Exam name').fill(NAME);
    await pickOption(page, 'Regulation', /^R22 ·/, dialog);
    await dialog.getByRole('combobox', { name: 'Semesters' }).click();
    await page.getByRole('option', { name: 'IV-I', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Semesters' }).textContent()).toContain('IV-I');
    await dialog.getByLabel('Registration closes').fill(isoIn(10));
    // the last day before the first: the schema's message on the last day
    await dialog.getByLabel('First day').fill(isoIn(20));
    await dialog.getByLabel('Last day').fill(isoIn(15));
    // No fee now (a late fee only from five days on) and no condonation fee: every e2e file shares one
    // server, and a charge on the demo students would change the dues other files check.
    await dialog.getByLabel('Fee per paper').fill('0');
    await dialog.getByLabel('Dues limit').fill('50000');
    await dialog.getByRole('button', { name: 'Add late fee slab' }).click();
    await dialog.getByTestId('late-fee-slab').getByLabel('From', { exact: true }).fill(isoIn(5));
    await dialog.getByTestId('late-fee-slab').getByRole('textbox', { name: 'Late fee' }).fill('100');
    await dialog.getByRole('button', { name: 'Create exam' }).click();
    await dialog.getByText(EXAM_MSG.startsAfterEnd).waitFor();
    await dialog.getByLabel('Last day').fill(isoIn(30));
    await shots(page, 'exams-new', () => dialog.getByText('Late fee slabs').waitFor());
    await Promise.all([page.waitForURL(/\/app\/exams\/\d+/), dialog.getByRole('button', { name: 'Create exam' }).click()]);

    // The exam's page: a draft, its fees and papers; one step forward opens registration.
    await page.getByRole('heading', { name: NAME }).waitFor();
    examPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('exam-status').textContent()).toBe('Draft');
    expect(await page.getByTestId('fee-per-paper').textContent()).toBe('₹0.00');
    await page.getByTestId('late-fees').getByText('₹100.00').waitFor();
    await shots(page, 'exams-overview', () =>
      page
        .getByRole('table', { name: 'Papers' })
        .or(page.getByRole('list', { name: 'Papers' }))
        .waitFor(),
    );
    await page.getByRole('button', { name: 'Move to Registration open' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => page.getByTestId('exam-status').textContent()).toBe('Registration open');
    await page.getByRole('button', { name: 'Move to Hall tickets issued' }).waitFor();

    // Registrations: none yet, then everyone of IV-I; the student is among them.
    await page.getByRole('tab', { name: 'Registrations' }).click();
    await page.getByText('No one has registered for this exam yet.').waitFor();
    await page.getByRole('button', { name: 'Register everyone' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Register everyone' }).click();
    await page.getByTestId('bulk-result').waitFor();
    await page.locator('[data-testid^="registration-"]').first().waitFor();
    await page.getByLabel('Search registrations').fill(STUDENT);
    const row = page.getByTestId(`registration-${STUDENT}`);
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid^="registration-"]').count()).toBe(1);
    expect(await row.textContent()).toContain('Registered');
    // select → Verify: nothing is owed on this exam, so the exam cell verifies it
    await page.getByRole('checkbox', { name: `Select ${STUDENT}` }).check();
    await page.getByTestId('selection-bar').getByText('1 selected').waitFor();
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Verify' }).click();
    await sawToast(page, '1 verified');
    await page.getByTestId('selection-bar').waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Verified');
    await page.getByLabel('Search registrations').fill('');
    await expect.poll(() => page.locator('[data-testid^="registration-"]').count()).toBeGreaterThan(1);
    // the branch filter asks the server: CSE's roll numbers only (the branch code 05)
    await pickOption(page, 'Branch', 'CSE');
    const shownRolls = () =>
      page.locator('[data-testid^="registration-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
    await expect.poll(async () => (await shownRolls()).filter((t) => !t.startsWith('registration-22A91A05')).length).toBe(0);
    expect((await shownRolls()).length).toBeGreaterThan(0);
    await pickOption(page, 'Branch', 'Every branch');
    await shots(page, 'exams-registrations', () => page.locator('[data-testid^="registration-"]').first().waitFor());

    await page.getByRole('tab', { name: 'Eligibility' }).click();
    await page.getByTestId('count-registered').waitFor();
    await shots(page, 'exams-eligibility', () => page.getByRole('button', { name: 'Send shortage notices' }).waitFor());
    await page.getByRole('tab', { name: 'Hall tickets' }).click();
    await shots(page, 'exams-hall-tickets', () => page.getByRole('button', { name: 'Issue for all' }).waitFor());
    // hall tickets wait for registration to close: the server's message as a toast
    await page.getByRole('button', { name: 'Issue for all' }).click();
    await sawToast(page, EXAM_MSG.ticketsNotYet);
    await page.context().close();
  });

  it('lets the principal read the exam and condone a shortage with a reason, and nothing else', async () => {
    expect(examPath).toMatch(/^\/app\/exams\/\d+$/);
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'principal');
    // from the principal's dashboard panel to the exam's eligibility list
    await page.goto(`${baseUrl()}${encodeURI(LANDING_BY_ROLE.ROLE_PRINCIPAL!)}`);
    await page.getByTestId('principal-exams-panel').getByRole('link', { name: NAME }).click();
    await page.waitForURL((u) => u.pathname === examPath && u.searchParams.get('tab') === 'eligibility');
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByTestId('count-registered').waitFor();
    // the exam cell's steps are not the principal's
    expect(await page.getByRole('button', { name: /^Move to/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send shortage notices' }).count()).toBe(0);
    await page.getByLabel('Search students').fill(STUDENT);
    const row = page.getByTestId(`eligibility-${STUDENT}`);
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid^="eligibility-"]').count()).toBe(1);
    await page.getByRole('button', { name: `Condone ${STUDENT}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Condone ${STUDENT}`) });
    await dialog.getByLabel('Reason').fill('ill');
    await dialog.getByRole('button', { name: 'Condone' }).click();
    await dialog.getByText(EXAM_MSG.condoneReason).waitFor();
    await dialog.getByLabel('Reason').fill('Hospitalised for dengue, 12 days; certificate from the district hospital produced');
    await shots(page, 'exams-condone', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Condone' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('condoned');
    await expect.poll(() => page.getByRole('button', { name: `Condone ${STUDENT}` }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the student their exams', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, STUDENT);
    await page.goto(`${baseUrl()}/app/Student/Exams`);
    await page.getByRole('heading', { name: 'My exams' }).waitFor();
    await page.getByRole('heading', { name: 'Registered' }).waitFor();
    const mine = page.getByRole('heading', { name: NAME });
    await mine.waitFor();
    // verified by the exam cell, nothing owed on it
    const card = page.locator('[data-testid^="my-exam-"]').filter({ hasText: NAME });
    await expect.poll(() => card.textContent()).toContain('Registration: Verified');
    expect(await card.getByTestId('fee-due').count()).toBe(0);
    await shots(page, 'exams-mine', () => mine.waitFor());
    await page.context().close();
  });

  it("shows a parent each child's exams: the demo's November exam, one ticket issued and one withheld", async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'parent');
    await page.goto(`${baseUrl()}/app/Student/Exams`);
    const demo = 'B.Tech IV Year I Semester Regular Examinations, November 2026';
    const switcher = page.getByRole('group', { name: 'Choose a child' });
    await switcher.waitFor();
    await switcher.getByRole('button').first().waitFor();
    const names = await switcher.getByRole('button').allTextContents();
    const ticketOf = (roll: string) =>
      page
        .getByRole('button', { name: `Download hall ticket of ${roll}` })
        .or(page.getByRole('link', { name: `Download hall ticket of ${roll}` }));
    let seenTicket = false;
    let seenWithheld = false;
    for (const name of names) {
      await switcher.getByRole('button', { name }).click();
      await page.getByRole('heading', { name: `${name}'s exams` }).waitFor();
      const card = page.locator('[data-testid^="my-exam-"]').filter({ hasText: demo });
      await card.waitFor();
      if (await card.getByTestId('my-reasons').count()) {
        expect(await card.getByTestId('my-reasons').textContent()).toContain('Short of attendance');
        seenWithheld = true;
      } else {
        await ticketOf('22A91A0502').waitFor();
        seenTicket = true;
      }
    }
    expect([seenTicket, seenWithheld]).toEqual([true, true]);
    // a parent registers nothing
    expect(await page.getByRole('heading', { name: 'Open for registration' }).count()).toBe(0);
    await page.context().close();
  });
});
