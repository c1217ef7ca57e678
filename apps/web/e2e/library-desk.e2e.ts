import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LIBRARY_MSG } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pickOption, sawToast, shot, signIn } from './harness';

/** The demo student, who holds a title from its OPAC page. */
const STUDENT = '22A91A0501';
const TYPO = 'Operating Systm Concept';
const TITLE = 'Operating System Concepts';

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await apiCall(method, path, body, 'localhost', { authorization: `Bearer ${token}` });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null };
}

let copyOnLoan = '';
let copyOnShelf = '';
let deskPatron = { code: '', name: '' };

beforeAll(async () => {
  const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username: 'librarian',
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  const token = JSON.parse(signin.text).token as string;
  // A title catalogued with typos and two copies, one of them lent out.
  const title = await call(token, 'POST', '/api/library/titles', {
    title: TYPO,
    authors: 'A. Silberschatz',
    subjects: 'Computer science',
    itemType: 'book',
  });
  const copies = await call(token, 'POST', `/api/library/titles/${title.json.title.id}/copies`, {
    count: 2,
    price: 85_000,
    shelfLocation: 'Stack C-4',
  });
  [copyOnLoan, copyOnShelf] = copies.json.copies.map((c: { accessionNo: string }) => c.accessionNo);
  const patrons = (await call(token, 'GET', '/api/library/patrons?q=22A91A05')).json.items as Array<{ code: string; name: string }>;
  const others = patrons.filter((p) => p.code !== STUDENT);
  // The first seeded student free to borrow takes a copy; the next is the desk's patron.
  let lent = -1;
  for (let i = 0; i < others.length && lent < 0; i++) {
    if ((await call(token, 'POST', '/api/library/loans', { patron: others[i].code, barcode: copyOnLoan })).status === 200) lent = i;
  }
  expect(lent).toBeGreaterThanOrEqual(0);
  deskPatron = others.find((_, i) => i !== lent)!;
});

async function openTitle(page: Page, search: string, name: string) {
  await page.goto(`${baseUrl()}/app/Library/Books`);
  await page.getByTestId('opac-search').fill(search);
  await page.keyboard.press('Enter');
  await page.getByTestId('opac-count').getByText(`for “${search}”`).waitFor();
  await page.getByTestId('opac-results').getByRole('button', { name, exact: true }).first().click();
  await page.getByTestId('title-dialog-title').getByText(name, { exact: true }).waitFor();
}

describe('library office: catalogue edits, withdrawals, desk holds and the OPAC', () => {
  it('edits every field of a title, with the shared schema’s messages', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'librarian');
    await openTitle(page, TYPO, TYPO);
    await page.getByRole('button', { name: 'Edit title' }).click();
    const form = page.getByRole('dialog', { name: `Edit “${TYPO}”` });
    await form.waitFor();
    expect(await page.getByTestId('title-authors').inputValue()).toBe('A. Silberschatz');

    await page.getByTestId('title-title').fill('');
    await page.getByTestId('title-year').fill('99');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Year is not valid').waitFor();
    await shot(page, 'library-desk-title-form-1366');

    await page.getByTestId('title-title').fill(TITLE);
    await page.getByTestId('title-subtitle').fill('International student edition');
    await page.getByTestId('title-authors').fill('Abraham Silberschatz; Peter B. Galvin; Greg Gagne');
    await page.getByTestId('title-publisher').fill('Wiley India');
    await page.getByTestId('title-year').fill('2018');
    await page.getByTestId('title-edition').fill('10th');
    await page.getByTestId('title-callNumber').fill('005.43 SIL');
    await page.getByTestId('title-subjects').fill('Computer science; Operating systems');
    await page.getByTestId('title-pages').fill('976');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await sawToast(page, 'Title saved');
    await page.getByTestId('title-dialog-title').getByText(TITLE, { exact: true }).waitFor();
    const fields = page.getByTestId('title-fields');
    await fields.getByText('Wiley India').waitFor();
    expect(await fields.textContent()).toContain('976');
    await shot(page, 'library-desk-title-edited-1366');
  });

  it('withdraws a copy on the shelf and refuses one on loan with the reason', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'librarian');
    await openTitle(page, TITLE, TITLE);
    const copies = page.getByTestId('title-copies');

    await copies.getByRole('button', { name: `Change the status of copy ${copyOnLoan}` }).click();
    await page.getByRole('dialog', { name: `Copy ${copyOnLoan}` }).waitFor();
    await pickOption(page, 'New status', 'Withdrawn');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByTestId('copy-status-error').getByText(LIBRARY_MSG.withdrawOnLoan).waitFor();
    await shot(page, 'library-desk-withdraw-refused-1366');
    await page.getByRole('dialog', { name: `Copy ${copyOnLoan}` }).getByRole('button', { name: 'Cancel' }).click();

    await copies.getByRole('button', { name: `Change the status of copy ${copyOnShelf}` }).click();
    await page.getByRole('dialog', { name: `Copy ${copyOnShelf}` }).waitFor();
    await pickOption(page, 'New status', 'Withdrawn');
    await page.getByLabel('Note (kept in the audit log)').fill('Torn pages');
    await page.getByRole('button', { name: 'Change status' }).click();
    await sawToast(page, `Copy ${copyOnShelf} is withdrawn`);
    const row = copies.locator('tr', { hasText: copyOnShelf });
    await row.getByText('Withdrawn').waitFor();
    expect(await copies.locator('tr', { hasText: copyOnLoan }).getByText('On loan').count()).toBe(1);
  });

  it('places a hold at the desk for a patron found by name, and the hold rules apply', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'libraryassistant');
    await page.goto(`${baseUrl()}/app/Library/Issue Return`);
    const placeHold = async () => {
      await page.getByRole('button', { name: 'Place a hold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Place a hold for a patron' });
      await dialog.waitFor();
      await page.getByTestId('hold-patron').fill(deskPatron.name);
      await page.getByRole('option', { name: new RegExp(deskPatron.code) }).click();
      await page.getByTestId('hold-title').fill('operating system concepts');
      await page.getByRole('option', { name: new RegExp(`^${TITLE}`) }).click();
      await dialog.getByText('0 of 1 on the shelf').waitFor();
      return dialog;
    };
    const dialog = await placeHold();
    await shot(page, 'library-desk-hold-dialog-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'library-desk-hold-dialog-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Place hold' }).click();
    await sawToast(page, `(${deskPatron.code}) on “${TITLE}”: number 1 in the queue`);
    await dialog.waitFor({ state: 'detached' });

    // One hold per title: the rule's message, in the dialog.
    const again = await placeHold();
    await again.getByRole('button', { name: 'Place hold' }).click();
    await page.getByTestId('desk-hold-error').getByText(LIBRARY_MSG.holdExists).waitFor();
  });

  it('the OPAC, linked from the home page, lists "Operating System Concepts" first, filters, and shows the title page', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await page.goto(baseUrl());
    await page.getByTestId('home-opac').click();
    await page.waitForURL(/\/opac$/);
    await page.getByTestId('opac-search').fill('operating system');
    await page.keyboard.press('Enter');
    const count = page.getByTestId('opac-count');
    await count.getByText('for “operating system”').waitFor();
    const links = page.getByTestId('opac-results').getByTestId('opac-title-link');
    expect(await links.first().textContent()).toBe(TITLE);
    expect(await links.count()).toBeGreaterThan(5);
    await shot(page, 'library-opac-results-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await links.first().waitFor();
    await shot(page, 'library-opac-results-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // On the shelf now: the title, whose only copy in the collection is out, drops out.
    await page.getByLabel('On the shelf now').check();
    await count.getByText('(filtered)').waitFor();
    expect(await page.getByTestId('opac-results').getByRole('link', { name: TITLE, exact: true }).count()).toBe(0);
    await page.getByLabel('On the shelf now').uncheck();
    // Years: a backwards range is refused on the form; 2018 alone keeps the title first.
    await page.getByTestId('filter-year-from').fill('2020');
    await page.getByTestId('filter-year-to').fill('2010');
    await page.keyboard.press('Enter');
    await page.getByText(LIBRARY_MSG.yearRange).waitFor();
    await page.getByTestId('filter-year-from').fill('2018');
    await page.getByTestId('filter-year-to').fill('2018');
    await page.keyboard.press('Enter');
    await count.getByText('(filtered)').waitFor();
    expect(await links.first().textContent()).toBe(TITLE);
    await pickOption(page, 'Type', 'Journal');
    await page.getByText('No titles match. Try fewer words or clear a filter.').waitFor();
    await pickOption(page, 'Type', 'All types');
    await links.first().waitFor();

    await links.first().click();
    await page.waitForURL(/\/opac\/titles\/\d+$/);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const fields = page.getByTestId('opac-title-fields');
    for (const text of ['Abraham Silberschatz; Peter B. Galvin; Greg Gagne', 'Wiley India', '2018', '10th', '005.43 SIL', '976'])
      await fields.getByText(text, { exact: true }).waitFor();
    const copies = page.getByTestId('opac-copies');
    await copies.getByText(copyOnLoan).waitFor();
    expect(await copies.getByText(copyOnShelf).count()).toBe(0);
    await copies.getByText('On loan').waitFor();
    await page.getByTestId('opac-hold-panel').getByRole('link', { name: 'Sign in to place a hold' }).waitFor();
    await shot(page, 'library-opac-title-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await copies.getByText(copyOnLoan).waitFor();
    await shot(page, 'library-opac-title-390');

    // A signed-in student holds it from the same page: second in the queue after the desk's patron.
    const student = await newPage({ width: 1366, height: 900 });
    await signIn(student, STUDENT);
    await student.goto(page.url());
    await student.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await student.getByTestId('opac-hold-panel').getByRole('button', { name: 'Place hold' }).click();
    await student.getByTestId('opac-hold-panel').getByText('Hold placed: you are number 2 in the queue').waitFor();
  });
});
