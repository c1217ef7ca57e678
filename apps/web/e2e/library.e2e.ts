import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

const STUDENT = '22A91A0501';

/** An available copy's accession number in the seeded catalogue (searched through the API). */
async function availableCopy(token: string, q: string): Promise<{ accession: string; title: string }> {
  const auth = { authorization: `Bearer ${token}` };
  const list = JSON.parse(
    (await apiCall('GET', `/api/library/titles?q=${encodeURIComponent(q)}&pageSize=50`, undefined, 'localhost', auth)).text,
  );
  for (const t of list.items) {
    if (t.available === 0 || t.itemType !== 'book') continue;
    const detail = JSON.parse((await apiCall('GET', `/api/library/titles/${t.id}`, undefined, 'localhost', auth)).text);
    const copy = detail.copyList.find((c: { status: string }) => c.status === 'available');
    if (copy) return { accession: copy.accessionNo, title: t.title };
  }
  throw new Error(`no available copy for ${q}`);
}

describe('library', () => {
  it('the desk issues and returns by scanner: code and Enter, keyboard only', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await signIn(page, 'libraryassistant');
    const { accession, title } = await availableCopy(user.token, 'Surveying');

    // The dashboard's Issue/Return chip leads to the desk.
    await page.goto(`${baseUrl()}/app/Library Dashboard`);
    await page.getByRole('link', { name: 'Issue/Return' }).click();
    const patron = page.getByTestId('desk-patron');
    await patron.waitFor();
    await patron.focus();
    await page.keyboard.type(STUDENT);
    await page.keyboard.press('Enter');
    await page.getByTestId('desk-patron-card').getByText(STUDENT).waitFor();
    // The barcode field takes the focus: the scanner types the accession number and Enter.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'desk-barcode');
    await page.keyboard.type(accession);
    await page.keyboard.press('Enter');
    const message = page.getByTestId('desk-message');
    await message.getByText(`Issued ${accession}`).waitFor();
    expect(await message.textContent()).toContain(title);
    await page.getByTestId('loans').getByText(accession).first().waitFor();
    await shot(page, 'library-desk-1366');

    // Scanning the same copy again is refused with the reason.
    await page.keyboard.type(accession);
    await page.keyboard.press('Enter');
    await message.getByText('This copy is not available for loan (On loan)').waitFor();

    await page.getByRole('tab', { name: 'Return', exact: true }).click();
    const ret = page.getByTestId('return-barcode');
    await ret.waitFor();
    await ret.focus();
    await page.keyboard.type(accession);
    await page.keyboard.press('Enter');
    await page.getByTestId('return-message').getByText(`Returned ${accession}`).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'library-desk-return-390');
  });

  it('the public OPAC searches without signing in and shows availability and shelves', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await page.goto(`${baseUrl()}/opac`);
    const search = page.getByTestId('opac-search');
    await search.waitFor();
    await search.fill('thermodynamics');
    await page.keyboard.press('Enter');
    await page.getByTestId('opac-count').getByText('for “thermodynamics”').waitFor();
    const results = page.getByTestId('opac-results');
    await results
      .getByText(/available/)
      .first()
      .waitFor();
    expect(await results.getByText('Thermodynamics', { exact: false }).count()).toBeGreaterThan(0);
    await shot(page, 'library-opac-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'library-opac-390');
  });

  it('the student sees their loans, holds and dues; the OPAC login lands on View Books', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, STUDENT);
    await page.goto(`${baseUrl()}/app/Library/My Library`);
    await page.getByRole('heading', { name: 'On loan' }).waitFor();
    await page.getByTestId('loans').waitFor();
    await page.getByText(/Library dues: ₹/).waitFor();
    await shot(page, 'library-my-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'library-my-390');

    const kiosk = await newPage({ width: 1366, height: 900 });
    await signIn(kiosk, 'opac');
    await kiosk.goto(`${baseUrl()}/app/Library/View Books`);
    await kiosk.getByTestId('opac-results').waitFor();
    expect(await kiosk.getByRole('heading', { name: 'View Books' }).count()).toBe(1);
  });

  it('prints a label sheet PDF from the Barcodes page', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await signIn(page, 'librarian');
    await page.goto(`${baseUrl()}/app/Library/Barcodes`);
    await page.getByTestId('labels-from').fill('000001');
    await page.getByTestId('labels-to').fill('000030');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print labels' }).click()]);
    expect(popup.url()).toMatch(/^blob:/);
    const pdf = await apiCall('GET', '/api/library/labels.pdf?from=000001&to=000030&layout=4x10', undefined, 'localhost', {
      authorization: `Bearer ${user.token}`,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    await shot(page, 'library-barcodes-1366');

    for (const [path, name] of [
      ['/app/Library/Books', 'books'],
      ['/app/Library/Waiting List', 'waiting'],
      ['/app/Library/Allowances', 'allowances'],
      ['/app/Library/History', 'history'],
      ['/app/Library Dashboard', 'dashboard'],
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `library-${name}-1366`);
    }
  });

  it('prints library cards for patrons from the Barcodes page', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const user = await signIn(page, 'librarian');
    await page.goto(`${baseUrl()}/app/Library/Barcodes`);
    await page.getByTestId('cards-codes').fill('22A91A0501');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print cards' }).click()]);
    expect(popup.url()).toMatch(/^blob:/);
    const pdf = await apiCall('GET', '/api/library/cards.pdf?codes=22A91A0501', undefined, 'localhost', {
      authorization: `Bearer ${user.token}`,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    await shot(page, 'library-cards-390');
  });

  it("the incharge overrides a patron's category and allowances with a reason, sees the history, and removes it", async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'librarian');
    await page.goto(`${baseUrl()}/app/Library/Patron Overrides`);
    await page.getByRole('heading', { name: 'Patron Overrides', level: 1 }).waitFor();
    await page.getByTestId('override-patron').fill(STUDENT);
    await page.keyboard.press('Enter');
    const summary = page.getByTestId('override-summary');
    await summary.getByText(STUDENT).waitFor();
    const category = page.getByTestId('override-category');
    expect(await category.textContent()).toMatch(/^Borrows as /);
    const defaultName = (await category.textContent())!.replace('Borrows as ', '');
    await page.getByText('No overrides yet.').waitFor();

    // Saving without a reason is refused on the form with the shared schema's message.
    await page.getByLabel('Items on loan').fill('8');
    await page.getByRole('button', { name: 'Save override' }).click();
    await page.getByText('Give the reason for the override').waitFor();

    await pickOption(page, 'Category', 'Faculty');
    await page.getByLabel('Loan period (days)').fill('30');
    await page.getByTestId('override-reason').fill('Research scholar on the project');
    await page.getByRole('button', { name: 'Save override' }).click();
    await summary.getByText('Borrows as Faculty').waitFor();
    await page
      .getByText(/borrows as Faculty.*items on loan 8, loan period \(days\) 30/)
      .first()
      .waitFor();
    const allowances = page.getByTestId('override-allowances');
    await allowances.getByText('8 (override)').waitFor();
    await allowances.getByText('30 d (override)').waitFor();
    const history = page.getByTestId('override-history');
    await history.getByText('Research scholar on the project').waitFor();
    await page.getByTestId('override-current').getByText('Override in force.').waitFor();
    await shot(page, 'library-overrides-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await history.getByText('Research scholar on the project').waitFor();
    await shot(page, 'library-overrides-390');

    // The end date of an override cannot have passed.
    await page.getByLabel('Override ends on (optional)').fill('2020-01-01');
    await page.getByTestId('override-reason').fill('Backdated by mistake');
    await page.getByRole('button', { name: 'Save override' }).click();
    await page.getByTestId('override-error').getByText('The override must end today or later').waitFor();

    await page.getByTestId('override-current').getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Reason for removing').fill('Project finished');
    await page.getByRole('button', { name: 'Remove override' }).click();
    await summary.getByText(`Borrows as ${defaultName}`).waitFor();
    await history.getByText('Override removed').waitFor();
    expect(await page.getByTestId('override-current').count()).toBe(0);
  });
});
