import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALUMNI_MSG, MSG, PATHS } from '@erp/shared';
import { baseUrl, newPage, pickOption, sawToast, shot, signIn } from './harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const pick = (page: Page, label: string, option: string) => pickOption(page, label, option);

/** A field by its label, with or without the required asterisk. */
const f = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}[\\s\u2009*]*$`));

/** The last toast with this text (toasts stack and close by themselves). */

describe('alumni registration (form 1)', () => {
  it('checks every rule, switches the working fields, saves, welcomes and resets', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await signIn(page, 'alumni');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.alumniRegistration)}`);
    await page.getByRole('heading', { name: 'Alumni Registration Form' }).waitFor();

    await page.getByRole('button', { name: 'Register' }).click();
    // name, roll number, degree, batch, branch, mobile, and the company fields of working=yes
    await page.getByText(MSG.requiredStar).nth(8).waitFor();
    expect(await page.getByText(MSG.requiredStar).count()).toBe(9);
    await page.getByText(MSG.emailIsInvalid).waitFor();
    await shot(page, 'alumni-registration-errors-1280');

    await f(page, 'Name').fill('Sravani Naidu');
    await f(page, 'Roll Number').fill('18A91A0590');
    await pick(page, 'Course', 'UG');
    await pick(page, 'Degree', 'B.Tech');
    await pick(page, 'Batch', '2018-2022');
    await f(page, 'Branch').fill('cse');
    expect(await f(page, 'Branch').inputValue()).toBe('CSE');
    await f(page, 'Mobile Number').fill('98765');
    await f(page, 'Email').fill('sravani@example');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(MSG.emailIsInvalid).waitFor();
    // the mobile number and the three company fields
    expect(await page.getByText(MSG.requiredStar).count()).toBe(4);
    await f(page, 'Mobile Number').fill('9876543210');
    await f(page, 'Email').fill('sravani.naidu@example.com');

    // yes shows the company fields; no hides them, shows education and clears the company
    await f(page, 'Company Name').fill('Infosys');
    await page.getByRole('radio', { name: 'No' }).check();
    expect(await f(page, 'Company Name').count()).toBe(0);
    await f(page, 'Institute Name').waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await page.getByTestId('alumni-education-fields').getByText(MSG.requiredStar).count()).toBe(3);
    await page.getByRole('radio', { name: 'NA' }).check();
    expect(await f(page, 'Company Name').count()).toBe(0);
    expect(await f(page, 'Institute Name').count()).toBe(0);
    await page.getByRole('radio', { name: 'Yes' }).check();
    expect(await f(page, 'Company Name').inputValue()).toBe('');
    await f(page, 'Company Name').fill('Infosys');
    await f(page, 'Job Title').fill('Systems Engineer');
    await f(page, 'Work Address').fill('Electronic City, Bengaluru');

    await page.getByTestId('alumni-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText(ALUMNI_MSG.registrationFileType).waitFor();
    await page.getByTestId('alumni-file').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG });
    expect(await page.getByText(ALUMNI_MSG.registrationFileType).count()).toBe(0);
    await shot(page, 'alumni-registration-filled-1280');

    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.alumniWelcomeTitle).waitFor();
    await dialog.getByText(MSG.alumniWelcomeText).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await f(page, 'Name').inputValue()).toBe('');
    expect(await f(page, 'Roll Number').inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await f(page, 'Company Name').waitFor();

    // The same roll number again: 'Oops...' with the server's text.
    await f(page, 'Name').fill('Sravani Naidu');
    await f(page, 'Roll Number').fill('18A91A0590');
    await pick(page, 'Degree', 'B.Tech');
    await pick(page, 'Batch', '2018-2022');
    await f(page, 'Branch').fill('CSE');
    await f(page, 'Mobile Number').fill('9876543210');
    await f(page, 'Email').fill('sravani.naidu@example.com');
    await page.getByRole('radio', { name: 'NA' }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText(MSG.oops).waitFor();
    await dialog.getByText(ALUMNI_MSG.alreadyRegistered).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.context().close();
  });

  it('fits a 360 px screen', async () => {
    const page = await newPage({ width: 360, height: 780 });
    await signIn(page, 'alumni');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.alumniRegistration)}`);
    await page.getByRole('heading', { name: 'Alumni Registration Form' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'alumni-registration-360');
    await page.context().close();
  });
});

describe('alumni history (form 2)', () => {
  it('shows the spec messages in order, saves, clears and reloads the list', { timeout: 180_000 }, async () => {
    const page = await newPage();
    // The staff see every record whole (roll numbers, contacts, files); alumni see the directory view below.
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}${PATHS.alumniHistory}`);
    await page.getByRole('heading', { name: 'Alumni History' }).waitFor();
    const table = page.getByRole('table', { name: 'Alumni records' });
    // rows, not the loading skeleton's
    const rows = table.locator('tbody tr[data-testid^="alumni-row-"]');
    await rows.first().waitFor();
    const seededRoll = (await rows.first().locator('td').nth(1).textContent())!;
    const save = () => page.getByRole('button', { name: 'Save' }).click();
    const expectToast = async (text: string) => {
      await save();
      await sawToast(page, text);
    };

    await expectToast(MSG.selectStatus);
    await pick(page, 'Status', 'Working');
    await f(page, 'Offer Letter').waitFor();
    await f(page, 'Student Phone Number').fill('12345');
    await expectToast(MSG.phoneTenDigits);
    await f(page, 'Student Phone Number').fill('');
    await f(page, 'Roll Number').fill(seededRoll);
    await expectToast(MSG.rollNumberExists);
    await f(page, 'Roll Number').fill('  19A91A0588 ');
    await expectToast(MSG.studentNameRequired);
    await f(page, 'Student Name').fill('Keerthi Varma');
    await expectToast(MSG.fatherNameRequired);
    await f(page, "Father's Name").fill('Ravi Varma');
    await expectToast(MSG.courseRequired);
    await pick(page, 'Course', 'B.Tech');
    await expectToast(MSG.batchRequired);
    await pick(page, 'Batch', '2019-2023');
    await expectToast(MSG.branchRequired);
    await pick(page, 'Branch', 'CSE');
    await expectToast(MSG.studentEmailRequired);
    await f(page, 'Student Email').fill('keerthi.varma@example.com');
    await expectToast(MSG.studentPhoneRequired);
    await f(page, 'Student Phone Number').fill('9123456780');
    await expectToast(MSG.companyRequired);
    await f(page, 'Company Name').fill(' Amazon ');
    await expectToast(MSG.designationRequired);
    await f(page, 'Designation').fill('SDE I');
    await expectToast(MSG.experienceRequired);
    await f(page, 'Experience').fill('2 years');
    await expectToast(MSG.workLocationRequired);
    await f(page, 'Location').fill('Hyderabad');
    await f(page, 'Package').fill('18 LPA');
    await expectToast(MSG.offerLetterRequired);

    // studying shows the institute and the admit card instead
    await pick(page, 'Status', 'Studying');
    await f(page, 'University Admit Card').waitFor();
    expect(await f(page, 'Company Name').count()).toBe(0);
    await f(page, 'Institute Name').waitFor();
    await pick(page, 'Status', 'Working');

    await page.getByTestId('history-photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('history-certificate').setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: PDF });
    await shot(page, 'alumni-history-filled-1280');
    await expectToast(MSG.alumniHistorySaved);
    expect(await f(page, 'Roll Number').inputValue()).toBe('');
    expect(await f(page, 'Student Name').inputValue()).toBe('');
    const row = page.getByTestId('alumni-row-19A91A0588');
    await row.waitFor();
    expect(await row.textContent()).toContain('Amazon');
    expect(await rows.first().getAttribute('data-testid')).toBe('alumni-row-19A91A0588');
    const [popup] = await Promise.all([page.waitForEvent('popup'), row.getByRole('button', { name: 'Photo of 19A91A0588' }).click()]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The saved roll number is now in the loaded list: refused before any call.
    await pick(page, 'Status', 'Studying');
    await f(page, 'Roll Number').fill('19A91A0588');
    await expectToast(MSG.rollNumberExists);
    await shot(page, 'alumni-history-1280');
    await page.context().close();
  });

  it("shows an alumnus other alumni's phone and email only when they chose to share them", async () => {
    const page = await newPage();
    await signIn(page, 'alumni');
    await page.goto(`${baseUrl()}${PATHS.alumniHistory}`);
    const table = page.getByRole('table', { name: 'Alumni records' });
    await table.locator('tbody tr[data-testid^="alumni-row-"]').first().waitFor();
    const body = (await table.locator('tbody').textContent()) ?? '';
    expect(body).toContain('Not shared');
    expect(body).toMatch(/@example\.com/);
    expect(await table.getByRole('button', { name: /^Photo of|^Certificate of/ }).count()).toBe(0);
    await page.getByLabel('Show my phone number and email to other alumni in the alumni directory').waitFor();
    await shot(page, 'alumni-directory-alumnus-1280');
    await page.context().close();
  });

  it('fits a 360 px screen, the records shown as cards', async () => {
    const page = await newPage({ width: 360, height: 780 });
    await signIn(page, 'alumni');
    await page.goto(`${baseUrl()}${PATHS.alumniHistory}`);
    await page.getByRole('list', { name: 'Alumni records' }).locator('[data-testid^="alumni-row-"]').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'alumni-history-360');
    await page.context().close();
  });

  it('the alumni dashboard links to both forms', async () => {
    const page = await newPage();
    await signIn(page, 'alumni');
    await page.goto(`${baseUrl()}${encodeURI('/app/Alumni/Alumni Dashboard')}`);
    const panel = page.getByTestId('alumni-panel');
    await panel.getByText(/alumni on record/).waitFor();
    await panel.getByRole('link', { name: 'Alumni History' }).click();
    await page.getByRole('heading', { name: 'Alumni History' }).waitFor();
    await page.context().close();
  });

  it('sends a visitor without a session to the sign-in page, with the way back', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}${PATHS.alumniHistory}`);
    await page.waitForURL(`${baseUrl()}/login/erp?next=${encodeURIComponent(encodeURI(PATHS.alumniHistory))}`);
    await page.context().close();
  });
});
