import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { EXCEL_COLUMNS, MSG, PATHS } from '@erp/shared';
import { baseUrl, newPage, pickOption, sawToast, shot, signIn } from './harness';

/** A real 60×80 JPEG made by Chromium (the same as the API test fixture). */
const PHOTO = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 60;
      c.height = 80;
      const g = c.getContext('2d')!;
      g.fillStyle = '#3a6ea5';
      g.fillRect(0, 0, 60, 80);
      const blob: Blob = await new Promise((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.8));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );

/** A drop-down by its label; its accessible name goes on with the shown value. */
const combo = (page: Page, label: string) =>
  page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?([\\s\u200b].*)?$`) });
const input = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();

async function pick(page: Page, label: string, option: string) {
  await pickOption(page, combo(page, label), option);
}
async function options(page: Page, label: string): Promise<string[]> {
  await combo(page, label).click();
  await page.getByRole('option').first().waitFor();
  // No "Select" entry: an empty drop-down shows only its label and can't be chosen empty.
  const names = await page.getByRole('option').allTextContents();
  expect(names).not.toContain('Select');
  await page.keyboard.press('Escape');
  return names;
}

let aadharSeq = 0;
const aadhar = () => `84${String(Date.now() % 1e6).padStart(6, '0')}${String(++aadharSeq).padStart(4, '0')}`;

describe('ADMISSION FORM (short form)', () => {
  it(
    'cascades course → batches → branches → semesters and caste → sub-castes; admission type sets seat type',
    { timeout: 120_000 },
    async () => {
      const page = await newPage();
      await signIn(page, 'admissions');
      await page.goto(`${baseUrl()}${PATHS.admissionForm}`);
      await page.getByRole('heading', { name: 'ADMISSION FORM' }).waitFor();
      await page.getByRole('tab', { name: 'Personal Details' }).waitFor();

      await pick(page, 'Course', 'B.Tech');
      expect(await options(page, 'Batch')).toEqual(['2025-2029', '2024-2028', '2023-2027', '2022-2026']);
      await pick(page, 'Batch', '2025-2029');
      expect(await options(page, 'Branch')).toEqual(['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL']);
      await pick(page, 'Branch', 'ECE');
      expect(await options(page, 'Semester')).toHaveLength(8);
      // A new course empties what hung from the old one.
      await pick(page, 'Course', 'MBA');
      expect(await combo(page, 'Branch').textContent()).not.toContain('ECE');
      await pick(page, 'Batch', '2024-2026');
      expect(await options(page, 'Branch')).toEqual(['MBA']);

      await pick(page, 'Caste Category', 'ST');
      expect(await options(page, 'Sub Caste')).toEqual(['Lambadi', 'Koya', 'Gond', 'Yerukula']);
      await pick(page, 'Admission Type', 'Lateral');
      expect(await input(page, 'Seat Type').inputValue()).toBe('Lateral');
      // The fee package belongs to the SRK college only.
      expect(await page.getByTestId('fee-package').count()).toBe(0);
    },
  );

  it('shows the on-change messages and the required-on-save message', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${PATHS.admissionFormSmsk}`);
    await page.getByRole('heading', { name: 'ADMISSION FORM' }).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await sawToast(page, MSG.fillAllRequired);
    // Every required field says so by itself, all at once.
    for (const f of ['name', 'courseAppliedFor', 'gender', 'batch', 'branch', 'aadharNo'])
      expect(await page.locator(`#adm-${f}-helper-text`).textContent(), f).toBe(MSG.fillAllRequired);

    await input(page, 'Full Name').pressSequentially('Ravi7');
    await sawToast(page, MSG.pleaseEnterText);
    expect(await input(page, 'Full Name').inputValue()).toBe('Ravi');
    await input(page, 'Student Mobile Number').pressSequentially('0');
    await sawToast(page, MSG.mobileDigits);
    expect(await input(page, 'Student Mobile Number').inputValue()).toBe('');
    await input(page, 'Aadhar Number').pressSequentially('12a');
    await sawToast(page, MSG.adharDigits);
    expect(await input(page, 'Aadhar Number').inputValue()).toBe('12');
    await input(page, 'Rank').pressSequentially('0');
    await sawToast(page, MSG.validNumber);
    await input(page, 'Email Id').fill('ravi@');
    await input(page, 'Rank').click();
    await sawToast(page, MSG.validEmailAddress);
    await shot(page, 'admissions-short-form-messages-1280');
  });

  it('saves with a photo: the form clears, the photo goes, and the admission PDF opens', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${PATHS.admissionForm}`);
    await page.getByRole('heading', { name: 'ADMISSION FORM' }).waitFor();

    await input(page, 'Full Name').fill('Sai Charan Teja');
    await pick(page, 'Course', 'B.Tech');
    await pick(page, 'Batch', '2025-2029');
    await pick(page, 'Branch', 'CSE');
    await pick(page, 'Gender', 'MALE');
    await input(page, 'Aadhar Number').fill(aadhar());
    await input(page, 'Admission Date').fill('2026-07-20');
    await pick(page, 'Admission Type', 'Direct');
    await input(page, 'Fee Commitment').fill('95000');
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'student.jpg', mimeType: 'image/jpeg', buffer: await PHOTO(page) });
    await page.getByRole('img', { name: 'Student photo' }).waitFor();
    await shot(page, 'admissions-short-form-filled-1280');

    const [response, popup] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/saveApplicationFormData')),
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.adminNo).toMatch(/^SVEC\//);
    const pdf = Buffer.from(body.pdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(popup.url()).toMatch(/^blob:/);
    await sawToast(page, MSG.recordSaved);
    expect(await input(page, 'Full Name').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: 'Student photo' }).count()).toBe(0);

    // The list shows it, with modify prefilled from it.
    await page.goto(`${baseUrl()}${encodeURI(PATHS.admissionApplications)}`);
    await page.getByRole('cell', { name: body.adminNo }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(body.adminNo) })
      .getByRole('link', { name: 'Modify' })
      .click();
    await page.getByText(`Modify ${body.adminNo}`).waitFor();
    await expect.poll(() => input(page, 'Full Name').inputValue()).toBe('Sai Charan Teja');
    expect(await combo(page, 'Branch').textContent()).toContain('CSE');
  });

  it('modify mode loads a student by roll number with the course, batch and branch lists', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${PATHS.admissionForm}?mode=modify&rollNumber=22A91A0501`);
    await page.getByText('Modify 22A91A0501').waitFor();
    await expect.poll(() => combo(page, 'Batch').textContent()).toContain('2022-2026');
    expect(await input(page, 'Aadhar Number').inputValue()).toMatch(/^\d{12}$/);
    expect(await options(page, 'Branch')).toContain('CSE');
    await shot(page, 'admissions-short-form-modify-360');
  });

  it('shows the fee package (I to IV year) for the SRK college', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await signIn(page, 'srkadmissions', 'srk.localhost');
    await page.goto(`${baseUrl('srk.localhost')}${PATHS.admissionForm}`);
    await page.getByTestId('fee-package').waitFor();
    for (const label of ['I Year Donation', 'II Year Tution Fee', 'IV Year Misc Fee']) await input(page, label).waitFor();
    await shot(page, 'admissions-short-form-srk-fee-package-1280');
  });
});

describe('STUDENT ADMISSION FORM (long form)', () => {
  it(
    'gives the submit messages in the spec order, with the blur rules and the same-address box',
    { timeout: 120_000 },
    async () => {
      const page = await newPage();
      await signIn(page, 'admissions');
      await page.goto(`${baseUrl()}${encodeURI(PATHS.studentAdmissionForm)}`);
      await page.getByRole('heading', { name: 'STUDENT ADMISSION FORM' }).waitFor();
      const submit = async (message: string) => {
        await page.getByRole('button', { name: 'Submit' }).click();
        await sawToast(page, message);
      };

      await submit(MSG.enterDateOfAdmission);
      // The messages sit by their fields too, all at once, in the spec's words.
      expect(await page.locator('#long-name-helper-text').textContent()).toBe(MSG.enterFullName);
      expect(await page.locator('#long-gender-helper-text').textContent()).toBe(MSG.selectGender);
      expect(await page.locator('#long-branch-helper-text').textContent()).toBe(MSG.selectBranch);
      await input(page, 'Date of Admission').fill('2026-07-21');
      await submit(MSG.enterFullName);
      await input(page, 'Full Name').fill('Divya Sree');
      await submit(MSG.selectAdmissionType);
      await pick(page, 'Admission Type', 'Direct');
      await submit(MSG.selectCourse);
      await pick(page, 'Course Applied for', 'B.Tech');
      await pick(page, 'Batch', '2025-2029');
      await submit(MSG.selectBranch);
      await pick(page, 'Branch', 'EEE');
      await submit(MSG.selectGender);
      await pick(page, 'Gender', 'FEMALE');
      await submit(MSG.enterAadhar);

      // Aadhaar on blur: exactly 12 digits, else cleared with a message.
      await input(page, 'Aadhar Number').fill('1234');
      await input(page, 'Full Name').click();
      await sawToast(page, MSG.invalidAadhaar);
      expect(await input(page, 'Aadhar Number').inputValue()).toBe('');
      // Submitting straight from the field (Enter) checks the length.
      await input(page, 'Aadhar Number').fill('12345');
      await input(page, 'Aadhar Number').press('Enter');
      await sawToast(page, MSG.aadharTwelveDigits);

      // Mobile: digits only, max 10; on blur 10 digits starting 6-9.
      // Key by key: each key re-renders only this field; the margin is for a loaded machine.
      await input(page, 'Student Mobile Number').pressSequentially('5x12345678901', { timeout: 20_000 });
      expect(await input(page, 'Student Mobile Number').inputValue()).toBe('5123456789');
      await input(page, 'Full Name').click();
      await sawToast(page, MSG.validMobile);
      expect(await input(page, 'Student Mobile Number').inputValue()).toBe('');

      await input(page, 'Permanent Address').fill('4-12 Gandhi Road, Tirupati');
      await page.getByRole('checkbox', { name: 'Present address same as permanent address' }).check();
      expect(await input(page, 'Present Address').inputValue()).toBe('4-12 Gandhi Road, Tirupati');
      await page.getByRole('checkbox', { name: 'Present address same as permanent address' }).uncheck();
      expect(await input(page, 'Present Address').inputValue()).toBe('');

      await input(page, 'Aadhar Number').fill(aadhar());
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/saveApplicationFormData')),
        page.getByRole('button', { name: 'Submit' }).click(),
      ]);
      expect(response.status()).toBe(200);
      await sawToast(page, MSG.recordSaved);
      expect(await input(page, 'Full Name').inputValue()).toBe('');
      await shot(page, 'admissions-long-form-1280');
    },
  );

  it('uploads an Excel sheet and lists the rejected rows; Close goes back to the form', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.studentAdmissionForm)}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('heading', { name: 'Upload Admissions (Excel)' }).waitFor();

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Admissions');
    ws.addRow(EXCEL_COLUMNS);
    const row = (over: Record<string, string>) => {
      const base: Record<string, string> = {
        dateOfAdmission: '2026-07-22',
        name: 'Bulk Student',
        admissionType: 'Direct',
        courseAppliedFor: 'B.Tech',
        branch: 'CSE',
        gender: 'MALE',
        aadharNo: aadhar(),
        batch: '2025-2029',
        ...over,
      };
      ws.addRow(EXCEL_COLUMNS.map((c) => base[c] ?? ''));
    };
    row({});
    row({ bloodGroup: 'Q+' });
    row({ name: 'Second Bulk Student' });
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    await page.getByTestId('excel-input').setInputFiles({
      name: 'admissions.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(MSG.recordsNotSubmitted).waitFor();
    await page.getByTestId('import-report').getByText('Saved 2 admissions, rejected 1').waitFor();
    const rejected = page.getByRole('table', { name: 'Rejected rows' });
    expect(await rejected.getByRole('row').count()).toBe(2);
    expect(await rejected.getByRole('row').nth(1).textContent()).toContain('3Blood Group: Blood Group must be one of');
    await shot(page, 'admissions-excel-upload-360');

    // Anything but a workbook is refused with the reason.
    await page
      .getByTestId('excel-input')
      .setInputFiles({ name: 'notes.xlsx', mimeType: 'text/plain', buffer: Buffer.from('name,branch\n') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`${MSG.unableToUploadExcel}: Only .xlsx and .xls files can be uploaded`).waitFor();

    await page.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
    await page.getByRole('heading', { name: 'STUDENT ADMISSION FORM' }).waitFor();
  });

  it('tells a signed-in user without an admissions role that they may not view it', async () => {
    const page = await newPage();
    await signIn(page, 'faculty');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.studentAdmissionForm)}`);
    await page.getByText(MSG.noPermission).waitFor();
  });
});

describe('admissions dashboard panel and applications list', () => {
  it('shows the admission counts with quick links, and the list of saved admissions', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signIn(page, 'admissions');
    await page.goto(`${baseUrl()}${encodeURI('/app/Admission/Dashboard')}`);
    const panel = page.getByTestId('admissions-panel');
    await panel.getByText(/\d+ admissions saved, \d+ in the last 7 days\./).waitFor();
    await panel.getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('heading', { name: 'Admission Applications' }).waitFor();
    // The saved admissions are listed newest first with their admission numbers (the NAAC history's
    // SVEC/Q/… ones, then the sample SVEC/2022/…). At 360 px the admissions are cards.
    await page
      .getByTestId('data-card')
      .filter({ hasText: /SVEC\/(Q|20\d\d)\/\d+/ })
      .first()
      .waitFor();
    await shot(page, 'admissions-applications-360');

    // The search asks the server, so it finds a sample admission that is not on the first page
    // (the NAAC history's admissions fill it): only that one card is left.
    const sample = page.getByTestId('data-card').filter({ hasText: 'SVEC/2022/00001' });
    expect(await sample.count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search applications' }).fill('svec/2022/00001');
    await sample.waitFor();
    await expect.poll(() => page.getByTestId('data-card').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search applications' }).fill('no such applicant anywhere');
    await page.getByText(MSG.noRecordsFound).waitFor();
  });
});
