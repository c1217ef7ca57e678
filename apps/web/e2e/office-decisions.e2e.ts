import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GRIEVANCE_MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

// The machine is shared: give the app up to 10 s to show what is asserted on.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();
const get = async <T>(token: string, path: string) =>
  JSON.parse((await apiCall('GET', path, undefined, 'localhost', { authorization: `Bearer ${token}` })).text) as T;
const post = async (token: string, path: string, body: unknown) =>
  apiCall('POST', path, body, 'localhost', { authorization: `Bearer ${token}` });

/** Shows the page at 1366 and 390 px for people to look at, then goes back to 1366. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('office decisions', () => {
  it('a refused attachment leaves no grievance behind, and the retry lodges exactly one', async () => {
    const subject = `Hall ticket photo wrong ${Date.now()}`;
    const page = await newPage({ width: 1366, height: 900 });
    const me = await signIn(page, '22A91A0501');
    await page.goto(`${baseUrl()}/app/grievance-redressal`);
    await page.getByRole('button', { name: 'Lodge a grievance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lodge a grievance' });
    await pickOption(page, 'Category', 'Academic', dialog);
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('The hall ticket shows another student’s photo; please correct it.');
    await dialog
      .getByTestId('grievance-files')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') });
    await dialog.getByRole('button', { name: 'Lodge' }).click();
    await dialog.getByText(GRIEVANCE_MSG.fileType).waitFor();
    await bothWidths(page, 'office-grievance-refused-file');
    const mine = () => get<{ total: number }>(me.token, `/api/grievances?mine=true&q=${encodeURIComponent(subject)}`);
    expect((await mine()).total).toBe(0);

    await dialog
      .getByTestId('grievance-files')
      .setInputFiles({ name: 'ticket.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dialog.getByRole('button', { name: 'Lodge' }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringMatching(/^Grievance GRV-\d{4}-\d{5} lodged$/));
    await poll(async () => (await mine()).total).toBe(1);
  });

  it("puts the overdue open case first on the grievance officer's list", async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const officer = await signIn(page, 'grievance');
    const first = (
      await get<{ items: Array<{ number: string; overdue: boolean; status: string }> }>(officer.token, '/api/grievances')
    ).items[0]!;
    expect(first.overdue).toBe(true);
    await page.goto(`${baseUrl()}/app/grievance-redressal`);
    await poll(() => page.getByRole('link', { name: /GRV-/ }).first().textContent()).toContain(first.number);
  });

  it('refuses a renewal on the day of issue and uses no renewal', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const desk = await signIn(page, 'libraryassistant');
    // A copy on the shelf, lent today to a seeded student.
    const patrons = (await get<{ items: Array<{ code: string }> }>(desk.token, '/api/library/patrons?q=22A91A05')).items;
    const titles = await get<{ items: Array<{ id: number }> }>(desk.token, '/api/library/titles?pageSize=50');
    let loanId = 0;
    let patron = '';
    let accession = '';
    search: for (const t of titles.items) {
      const detail = await get<{ copyList?: Array<{ accessionNo: string; status: string }> }>(
        desk.token,
        `/api/library/titles/${t.id}`,
      );
      for (const c of detail.copyList ?? []) {
        if (c.status !== 'available') continue;
        for (const p of patrons.slice(1)) {
          const res = await post(desk.token, '/api/library/loans', { patron: p.code, barcode: c.accessionNo });
          if (res.status === 200) {
            loanId = JSON.parse(res.text).id;
            patron = p.code;
            accession = c.accessionNo;
            break search;
          }
        }
      }
    }
    expect(loanId).toBeGreaterThan(0);
    await page.goto(`${baseUrl()}/app/Library/Issue Return`);
    await page.getByTestId('desk-patron').fill(patron);
    await page.getByRole('button', { name: 'Find patron' }).click();
    const card = page.getByTestId('desk-patron-card');
    await card.waitFor();
    const row = page.locator('tr', { hasText: accession });
    await row.getByRole('button', { name: 'Renew (2)' }).click();
    await page
      .getByText(/^It is due on \d{2}-\d{2}-\d{4} already; renew nearer the date$/)
      .first()
      .waitFor();
    // No renewal used: still two left.
    await poll(() => row.getByRole('button', { name: 'Renew (2)' }).count()).toBe(1);
  });

  it('collects a fine at the desk with the payment mode and reference', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'libraryassistant');
    await page.goto(`${baseUrl()}/app/Library/Issue Return`);
    await page.getByTestId('desk-patron').fill('22A91A0501');
    await page.getByRole('button', { name: 'Find patron' }).click();
    await page
      .getByTestId('fines')
      .getByRole('button', { name: /^Collect/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Collect ₹/ });
    await pickOption(page, 'Paid by', 'UPI', dialog);
    await dialog.getByRole('button', { name: /^Collect ₹/ }).click();
    await dialog.getByText('Enter the reference (UPI reference, card slip or cheque number)').waitFor();
    await dialog.getByRole('textbox', { name: 'Reference' }).fill('UPI431209876');
    await bothWidths(page, 'office-fine-collect');
    await dialog.getByRole('button', { name: /^Collect ₹/ }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining('Fine paid'));
  });

  it("shows the HoD their own balances, the department's by name, and a remark on approval", async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const hod = await signIn(page, 'hod');
    const own = await get<Array<{ facultyId: number; code: string; available: number; opening: number }>>(
      hod.token,
      '/api/leave/balances?scope=mine',
    );
    const dept = await get<Array<{ facultyId: number; facultyName: string }>>(hod.token, '/api/leave/balances');
    await page.goto(`${baseUrl()}/app/Leave`);
    const chips = page.getByTestId('balances');
    await chips.getByText('Your balance:').waitFor();
    await poll(() => chips.locator('.MuiChip-root').count()).toBe(own.length);
    await page.getByRole('tab', { name: 'Faculty balances' }).click();
    // the department's balances carry their faculty members' names (the approval dialog's balance
    // and remark are walked in academic.e2e.ts, on an application that test makes)
    const other = dept.find((b) => !own.some((o) => o.facultyId === b.facultyId));
    expect(other).toBeDefined();
    await page.getByText(other!.facultyName).first().waitFor();
    await bothWidths(page, 'office-hod-leave-balances');
  });
});
