import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HOSTEL_PATHS } from '@erp/shared';
import { baseUrl, newPage, pickOption, shot, signIn } from './harness';

const INCHARGE = 'hostel';
const STUDENT = '22A91A0501';
const go = (page: Page, path: string) => page.goto(`${baseUrl()}${encodeURI(path)}`);

/** Picks an option of an MUI select by its label, inside a scope (a dialog). */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: RegExp | string) {
  await pickOption(page, scope.getByRole('combobox', { name: label }), typeof option === 'string' ? new RegExp(option) : option);
}

/** The first free bed in the open dialog's bed picker, in the hostel given. */
async function pickFreeBed(page: Page, dialog: ReturnType<Page['getByRole']>, hostel: RegExp) {
  await choose(page, dialog, 'Hostel', hostel);
  await dialog.getByRole('combobox', { name: 'Free bed' }).click();
  // For an application the list has group headings (matching beds first), which MUI also gives role
  // option; a bed is an option with a value.
  const option = page.locator('[role="option"][data-value]').first();
  const text = (await option.textContent()) ?? '';
  await option.click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  return text.split(' ')[0];
}

describe('hostel office', () => {
  it('the incharge sees the board, allots a bed to an applicant, transfers and vacates with an override', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, INCHARGE);

    // Dashboard panel leads to the board.
    await page.goto(`${baseUrl()}/app/Hostel/Hostel Management`);
    await page.getByTestId('hostel-panel').getByText('Beds occupied').waitFor();
    await page.getByTestId('hostel-panel').getByRole('link', { name: 'Occupancy board' }).click();
    await page.getByTestId('building-stats').waitFor();
    expect(Number(await page.getByTestId('stat-beds').textContent())).toBeGreaterThan(100);
    await expect.poll(() => page.locator('[data-status="occupied"]').count()).toBeGreaterThan(50);
    await shot(page, 'hostel-board-1366');

    // Registration: allot the first waiting applicant a bed.
    await go(page, HOSTEL_PATHS.registration);
    const app = page.getByTestId('application').first();
    await app.waitFor();
    const name = ((await app.locator('p').first().textContent()) ?? '').trim();
    const roll = name.split(' ').pop()!;
    const gender = (await app.textContent())?.includes('Girl') ? /Girls/ : /Boys/;
    await app.getByRole('button', { name: 'Allot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Allot a bed' });
    await pickFreeBed(page, dialog, gender);
    await shot(page, 'hostel-allot-dialog-1366');
    await dialog.getByRole('button', { name: 'Allot' }).click();
    await page.getByText(/allotted .* room .*, bed [A-F]/).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Residents: find them, transfer to another bed.
    await go(page, HOSTEL_PATHS.residents);
    await page.getByLabel('Search roll no, name or room').fill(roll);
    const row = page.getByTestId('resident-row').filter({ hasText: roll });
    await row.waitFor();
    const before = (await row.locator('td').nth(2).textContent()) ?? '';
    await row.getByRole('button', { name: 'Transfer' }).click();
    const transfer = page.getByRole('dialog', { name: /Room transfer/ });
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.getByText('Choose one').waitFor(); // the bed is required
    const bed = await pickFreeBed(page, transfer, gender);
    await transfer.getByLabel('Reason').fill('Closer to the study hall');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.waitFor({ state: 'hidden' });
    await row.getByText(bed).waitFor();
    expect(await row.locator('td').nth(2).textContent()).not.toBe(before);

    // The history shows both beds.
    await row.getByRole('button', { name: /\w/ }).first().click();
    const detail = page.getByRole('dialog', { name: new RegExp(roll) });
    await detail.getByText('Closer to the study hall').waitFor();
    await shot(page, 'hostel-resident-detail-1366');
    await detail.getByRole('button', { name: 'Close' }).click();

    // Vacate: the fee is unpaid, so the first try is refused and asks for an override.
    await row.getByRole('button', { name: 'Vacate' }).click();
    const vacate = page.getByRole('dialog', { name: /Vacate/ });
    await vacate.getByRole('button', { name: 'Add damage' }).click();
    await vacate.getByLabel('Item').fill('Broken bucket');
    await vacate.getByLabel('₹', { exact: true }).fill('250');
    await vacate.getByRole('button', { name: 'Vacate', exact: true }).click();
    await vacate.getByText(/Hostel dues of ₹[\d,.]+ are unpaid/).waitFor();
    await shot(page, 'hostel-vacate-dues-1366');
    await vacate.getByLabel('Override reason (vacate with dues)').fill('Father will pay at the accounts office');
    await vacate.getByRole('button', { name: 'Vacate with override' }).click();
    await page.getByText(/vacated with ₹[\d,.]+ due \(override/).waitFor();
    await row.waitFor({ state: 'detached' });

    // The 390 px views.
    await page.setViewportSize({ width: 390, height: 800 });
    await go(page, HOSTEL_PATHS.board);
    await page.getByTestId('building-stats').waitFor();
    await shot(page, 'hostel-board-390');
    await go(page, HOSTEL_PATHS.residents);
    await page.getByTestId('resident-row').first().waitFor();
    await shot(page, 'hostel-residents-390');
  }, 180_000); // one long flow on a shared machine

  it('a student asks for an out-pass; the warden approves it and records the return; late returns are flagged', async () => {
    const student = await newPage({ width: 1366, height: 900 });
    await signIn(student, STUDENT);
    await go(student, HOSTEL_PATHS.student);
    await student.getByTestId('my-room').waitFor();
    expect(await student.getByTestId('my-dues').textContent()).toMatch(/Hostel dues: ₹/);
    await student.getByLabel('Purpose').fill('Visit to the bank');
    await student.getByRole('button', { name: 'Request out-pass' }).click();
    await student.getByText('Times are yyyy-mm-ddThh:mm').first().waitFor();
    await student.getByLabel('Leaving at').fill('2030-01-10T10:00');
    await student.getByLabel('Back by').fill('2030-01-10T13:00');
    await student.getByRole('button', { name: 'Request out-pass' }).click();
    await student.getByText('Out-pass requested; the warden will approve it').waitFor();
    await student.getByTestId('outpass').filter({ hasText: 'Visit to the bank' }).getByText('PENDING').waitFor();
    await shot(student, 'hostel-student-1366');
    await student.setViewportSize({ width: 390, height: 800 });
    await shot(student, 'hostel-student-390');

    const warden = await newPage({ width: 1366, height: 900 });
    await signIn(warden, INCHARGE);
    await go(warden, HOSTEL_PATHS.outpasses);
    const card = warden.getByTestId('outpass').filter({ hasText: 'Visit to the bank' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByRole('button', { name: 'Mark out' }).click();
    await card.getByRole('button', { name: 'Mark returned' }).click();
    await card.getByText('RETURNED').waitFor();
    // The seeded register has one late return.
    await warden.getByRole('button', { name: 'Late returns' }).click();
    await warden.getByTestId('late').first().waitFor();
    expect(await warden.getByTestId('outpass').count()).toBeGreaterThanOrEqual(1);
    await shot(warden, 'hostel-outpasses-late-1366');
  });

  it('the incharge adds a building and bulk rooms', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, INCHARGE);
    await go(page, HOSTEL_PATHS.buildings);
    await page.getByTestId('building-card').first().waitFor();
    await page.getByRole('button', { name: 'New building' }).click();
    const dialog = page.getByRole('dialog', { name: 'New building' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the building name').waitFor();
    await dialog.getByLabel('Name').fill('Staff Quarters E2E');
    await choose(page, dialog, 'For', 'Staff');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('building-card').filter({ hasText: 'Staff Quarters E2E' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Add rooms' }).click();
    const rooms = page.getByRole('dialog', { name: /Add rooms/ });
    await rooms.getByLabel('To floor').fill('2');
    await rooms.getByLabel('To room').fill('5');
    await rooms.getByLabel('Sharing (beds)').fill('1');
    await rooms.getByRole('button', { name: 'Create rooms' }).click();
    await page.getByText('10 rooms with 10 beds created in Staff Quarters E2E').waitFor();
    await card.getByText(/10 rooms · 10 beds/).waitFor();
    await shot(page, 'hostel-buildings-1366');
  });
});
