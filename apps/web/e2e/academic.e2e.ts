import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MASTERS_MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

const toasts = (page: Page) => page.locator('[role=status]').allTextContents();
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const days = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return iso(d);
};

async function api<T = any>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, path, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

describe('attendance sheet on a phone', () => {
  it('marks absentees offline, keeps the sheet, and sends it exactly once when the connection returns', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const user = await signIn(page, 'faculty');
    // A recent day with an unmarked class of the demo faculty.
    let date = '';
    let cls: any = null;
    for (let back = 0; back < 14 && !cls; back++) {
      const sheet = await api(user.token, 'GET', `/api/attendance/sheet?date=${days(-back)}`);
      cls = sheet.classes.find((c: any) => c.session === null && c.students.length >= 3) ?? null;
      date = sheet.date;
    }
    expect(cls).not.toBeNull();

    await page.goto(`${baseUrl()}/app/Attendance/Sheet`);
    await page.getByLabel('Date').fill(date);
    const card = page.getByRole('button', { name: new RegExp(`P${cls.period}.*${cls.subjectCode}`) });
    await card.click();
    const [first, second] = cls.students;
    await page.locator(`[data-roll="${first.rollNo}"]`).click();
    await page.locator(`[data-roll="${second.rollNo}"]`).click();
    await expect.poll(() => page.locator(`[data-roll="${first.rollNo}"]`).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'attendance-sheet-390');

    await page.context().setOffline(true);
    await page.getByRole('button', { name: /^Submit/ }).click();
    await expect
      .poll(() => toasts(page))
      .toContain('You are offline: the sheet is kept on this phone and will be sent when the connection returns');
    await expect.poll(() => page.getByTestId('queue-chip').textContent()).toBe('1 sheet(s) waiting to be sent');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('attendance-queue') ?? '[]').length)).toBe(1);
    await shot(page, 'attendance-sheet-offline-390');

    await page.context().setOffline(false);
    await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain('1 sheet(s) kept offline have been sent');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('attendance-queue'))).toBe('[]');
    const after = await api(user.token, 'GET', `/api/attendance/sheet?date=${date}`);
    const saved = after.classes.find((c: any) => c.sectionId === cls.sectionId && c.period === cls.period);
    expect(saved.session).toMatchObject({ absent: 2, strength: cls.students.length });
    expect(
      saved.students
        .filter((s: any) => s.status === 'A')
        .map((s: any) => s.rollNo)
        .sort(),
    ).toEqual([first.rollNo, second.rollNo].sort());
    await expect.poll(() => page.getByText('Marked · 2 absent').count()).toBeGreaterThan(0);
  });

  it('shows a student their attendance by subject and the classes they still need', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, '22A91A0501');
    await page.goto(`${baseUrl()}/app/Attendance/My Attendance`);
    await expect.poll(() => page.getByTestId('overall-percent').textContent()).toMatch(/%$/);
    expect(await page.getByText(/Attend the next \d+ classes in a row to reach 75%/).count()).toBe(1);
    await shot(page, 'attendance-student-390');
  });

  it('lists the short students of a section for the HoD', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'hod');
    await page.goto(`${baseUrl()}/app/Attendance/Shortage`);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('cell', { name: '22A91A0501' }).count()).toBe(1);
    await shot(page, 'attendance-shortage-1366');
  });
});

describe('leave with a backup and approval', () => {
  it('a faculty member applies naming faculty2 as backup; faculty2 accepts; the HoD approves', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const me = await signIn(page, 'faculty');
    const backupUser = JSON.parse(
      (await apiCall('POST', '/api/auth-service/auth/signin', { username: 'faculty2', password: 'Demo@1234' })).text,
    );
    const backupId = (await api(backupUser.token, 'GET', '/api/leave/balances'))[0].facultyId as number;
    // The first weekday three weeks ahead with classes: the demo seed keeps faculty2 free whenever faculty teaches.
    let date = '';
    let missed: any[] = [];
    for (let ahead = 21; ahead < 40 && !date; ahead++) {
      const d = days(ahead);
      const m = await api(me.token, 'GET', `/api/leave/missed-classes?fromDate=${d}&toDate=${d}`);
      if (m.length > 0) {
        date = d;
        missed = m;
      }
    }
    expect(missed.every((x: any) => x.candidates.some((c: any) => c.facultyId === backupId))).toBe(true);
    expect(date).not.toBe('');
    const backupName = missed[0].candidates.find((c: any) => c.facultyId === backupId).name as string;

    await page.goto(`${baseUrl()}/app/Leave`);
    await page.getByRole('combobox', { name: 'Leave type' }).click();
    await page.getByRole('option', { name: /^CL/ }).click();
    await page.getByLabel('From').fill(date);
    await page.getByLabel('To').fill(date);
    await page.getByLabel('Reason').fill('Attending a faculty development programme');
    for (const m of missed) {
      await page.getByRole('combobox', { name: new RegExp(`P${m.period}(–\\d)? · `) }).click();
      await page.getByRole('option', { name: backupName, exact: true }).click();
    }
    await shot(page, 'leave-apply-1366');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toasts(page)).toContain('Leave applied; your backups have been asked');
    const mine = (await api(me.token, 'GET', '/api/leave/applications?view=mine')).items;
    const app = mine.find((a: any) => a.fromDate === date);
    expect(app.status).toBe('pending_backup');

    const backupPage = await newPage({ width: 390, height: 844 });
    await signIn(backupPage, 'faculty2');
    await backupPage.goto(`${baseUrl()}/app/Leave`);
    await backupPage.getByRole('tab', { name: 'Backup requests' }).click();
    await backupPage.getByTestId(`leave-${app.id}`).getByRole('button', { name: 'Accept as backup' }).click();
    await expect.poll(() => backupPage.getByTestId(`leave-${app.id}`).textContent()).toContain('Waiting for approval');
    await shot(backupPage, 'leave-backup-390');

    const hodPage = await newPage({ width: 1366, height: 900 });
    const hod = await signIn(hodPage, 'hod');
    await hodPage.goto(`${baseUrl()}/app/Leave`);
    await hodPage.getByRole('tab', { name: 'Approvals' }).click();
    await hodPage.getByTestId(`leave-${app.id}`).getByRole('button', { name: 'Approve or reject…' }).click();
    // The decision shows the applicant's own balance of that type and takes a remark they will see.
    const dialog = hodPage.getByRole('dialog');
    const cl = (await api(me.token, 'GET', '/api/leave/balances?scope=mine')).find((b: any) => b.code === 'CL');
    await expect.poll(() => dialog.getByTestId('leave-decide-balance').textContent()).toContain(`CL: ${cl.available} of ${cl.opening} day(s) left`);
    await dialog.getByLabel('Remark (the applicant sees it)').fill('Approved; share the FDP certificate afterwards');
    await shot(hodPage, 'leave-decide-1366');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await api(hod.token, 'GET', '/api/leave/applications?view=department')).items.find((a: any) => a.id === app.id).status,
      )
      .toBe('approved');
    const decided = (await api(me.token, 'GET', '/api/leave/applications?view=mine')).items.find((a: any) => a.id === app.id);
    expect(decided.decisionNote).toBe('Approved; share the FDP certificate afterwards');
    await shot(hodPage, 'leave-approvals-1366');
  }, 120_000);
});

describe('masters', () => {
  it('the admin adds, finds and retires a department; a duplicate is refused with its message', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/app/Academics/Masters`);
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.locator('.Mui-error.MuiFormHelperText-root').first().textContent())
      .toBe('Enter the department code');
    await dialog.getByLabel('Code').fill('AIDS');
    await dialog.getByLabel('Name').fill('Artificial Intelligence and Data Science');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain('Departments: saved');
    await page.getByLabel('Search departments').fill('AIDS');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shot(page, 'masters-departments-1366');

    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog').getByLabel('Code').fill('CSE');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain('A department named CSE already exists');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('row', { name: /AIDS/ }).getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('button', { name: 'Retire' }).last().click();
    await expect.poll(() => toasts(page)).toContain(MASTERS_MSG.retired);
    await expect.poll(() => page.getByText('Nothing found.').count()).toBe(1);
  });

  it('shows subjects as cards on a phone and the timetable grid', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'academics');
    await page.goto(`${baseUrl()}/app/Academics/Masters`);
    await page.getByRole('tab', { name: 'Subjects' }).click();
    await page.getByLabel('Search subjects').fill('Compiler');
    await expect.poll(() => page.getByText('Compiler Design').count()).toBeGreaterThan(0);
    await shot(page, 'masters-subjects-390');
    const faculty = await newPage({ width: 1366, height: 900 });
    await signIn(faculty, 'faculty');
    await faculty.goto(`${baseUrl()}/app/Academics/Timetable`);
    await expect.poll(() => faculty.getByRole('row').count()).toBe(7);
    await shot(faculty, 'timetable-faculty-1366');
  });
});

describe('academic office: imports, exports, sheets and the timetable editor', () => {
  it('imports faculty records from Excel: template, a dry run with a rejected row, then the upload', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Faculty');
    ws.addRow(['Emp Code', 'Name', 'Email', 'Department', 'Designation', 'Qualification', 'PhD', 'Date of Joining']);
    ws.addRow([
      code,
      'Dr. Imported Teacher',
      `${code.toLowerCase()}@svec.edu.in`,
      'CSE',
      'Professor',
      'Ph.D',
      'Yes',
      '01-06-2015',
    ]);
    ws.addRow([`${code}-X`, 'Bad Department', 'x@svec.edu.in', 'ZOOLOGY', '', '', 'No', '']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());

    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/app/Academics/Masters`);
    await page.getByRole('tab', { name: 'Faculty' }).click();
    await page.getByRole('button', { name: 'Import from Excel' }).click();
    const panel = page.getByTestId('import-panel');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('faculty-template.xlsx');
    await panel.getByTestId('excel-input').setInputFiles({
      name: 'faculty.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await panel.getByRole('button', { name: 'Check Only' }).click();
    await expect
      .poll(() => panel.getByTestId('import-report').textContent())
      .toContain('Checked: would save 1 new and 0 updated; 1 row(s) rejected');
    expect(await panel.getByTestId('rejected-row').allTextContents()).toEqual(['3No department ZOOLOGY']);
    await shot(page, 'masters-import-faculty-1366');
    await panel.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => toasts(page)).toContain('Saved 1 new and 0 updated; 1 row(s) rejected');
    await page.getByLabel('Search faculty').fill(code);
    await expect.poll(() => page.getByRole('cell', { name: 'Dr. Imported Teacher' }).count()).toBe(1);

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'academics');
    await phone.goto(`${baseUrl()}/app/Academics/Masters`);
    await phone.getByRole('tab', { name: 'Subjects' }).click();
    await phone.getByRole('button', { name: 'Import from Excel' }).click();
    await expect.poll(() => phone.getByTestId('import-panel').count()).toBe(1);
    await shot(phone, 'masters-import-subjects-390');
  });

  it('the HoD downloads the shortage list PDF and the monthly register', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'hod');
    await page.goto(`${baseUrl()}/app/Attendance/Shortage`);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Shortage list (PDF)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('attendance-shortage.pdf');
    const bytes = await fs.promises.readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByLabel('Month').fill(days(-7).slice(0, 7));
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Monthly register (Excel)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`attendance-register-${days(-7).slice(0, 7)}.xlsx`);
    await shot(page, 'attendance-shortage-exports-1366');
  });

  it('the HoD unlocks a locked sheet and sees its history', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const hod = await signIn(page, 'hod');
    const sections = (await api(hod.token, 'GET', '/api/masters/sections?pageSize=500')).items as Array<{
      id: number;
      label: string;
    }>;
    // A seeded sheet well outside the 48-hour window (and outside the days the offline test uses).
    let found: { section: { id: number; label: string }; date: string; sheet: any } | null = null;
    for (const section of sections) {
      for (let back = 20; back < 60 && !found; back++) {
        const list = await api(hod.token, 'GET', `/api/attendance/sessions?sectionId=${section.id}&from=${days(-back)}`);
        const locked = list.find((s: any) => s.locked);
        if (locked) found = { section, date: days(-back), sheet: locked };
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    await page.goto(`${baseUrl()}/app/Attendance/Sheets`);
    await pickOption(page, 'Section', found!.section.label);
    await page.getByLabel('Date').fill(found!.date);
    const row = page
      .getByTestId('sheet-row')
      .filter({ hasText: `P${found!.sheet.period}` })
      .first();
    await expect.poll(() => row.textContent()).toContain('Locked');
    await shot(page, 'attendance-sheets-locked-1366');
    await row.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
    await expect
      .poll(() => toasts(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Unlocked for editing until /)]));
    await expect.poll(() => row.textContent()).toContain('Open till');
    await row.getByRole('button', { name: /^History/ }).click();
    await expect.poll(() => page.getByTestId('sheet-history').textContent()).toContain('Unlocked by hod');
    await shot(page, 'attendance-sheet-history-1366');
  });

  it('allocates a subject and edits a section week; a clash is shown on its cell', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const admin = await signIn(page, 'admin');
    const fac = JSON.parse(
      (await apiCall('POST', '/api/auth-service/auth/signin', { username: 'faculty', password: 'Demo@1234' })).text,
    );
    const busy = (await api(fac.token, 'GET', '/api/timetable/me')).slots[0];
    expect(busy).toBeTruthy();
    const find = async (kind: string, q: string, pick: (r: any) => boolean) =>
      ((await api(admin.token, 'GET', `/api/masters/${kind}?q=${encodeURIComponent(q)}&pageSize=500`)).items as any[]).find(pick);
    const batch = await find('batches', '2022-2026', (b) => b.courseName === 'B.Tech');
    const branch = await find('branches', 'CSE', (b) => b.shortName === 'CSE' && b.courseName === 'B.Tech');
    const semester = await find('semesters', 'IV-I', (s) => s.courseName === 'B.Tech');
    const name = `E${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const section = await api(admin.token, 'POST', '/api/masters/sections', {
      batchId: batch.id,
      branchId: branch.id,
      semesterId: semester.id,
      name,
    });
    const subject = (await api(admin.token, 'GET', `/api/masters/subjects?semesterId=${semester.id}&pageSize=500`)).items.find(
      (s: any) => s.kind === 'theory',
    );

    await page.goto(`${baseUrl()}/app/Academics/Timetable`);
    await pickOption(page, 'Section', section.label);
    await page.getByRole('tab', { name: 'Subject allocation' }).click();
    await pickOption(page, 'Subject', `${subject.code} ${subject.name}`);
    await page.getByRole('combobox', { name: 'Faculty' }).fill(busy.facultyName);
    await page
      .getByRole('option', { name: new RegExp(`^${busy.facultyName.replace(/[.()]/g, '\\$&')}`) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save allocation' }).click();
    await expect.poll(() => page.getByTestId('allocations').textContent()).toContain(busy.facultyName);
    await shot(page, 'timetable-allocation-1366');

    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByRole('button', { name: 'Edit timetable' }).click();
    const cell = page.getByTestId(`cell-${busy.day}-${busy.period}`);
    await cell.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, 'Subject and faculty', new RegExp(subject.code), dialog);
    await dialog.getByRole('button', { name: 'Set' }).click();
    await page.getByRole('button', { name: 'Save timetable' }).click();
    await expect.poll(() => cell.textContent()).toContain(`already teaches ${busy.sectionLabel}`);
    expect(await page.getByTestId('clash-alert').count()).toBe(1);
    await shot(page, 'timetable-editor-clash-1366');

    // Move the class to a period the faculty member is free.
    const week = (await api(fac.token, 'GET', '/api/timetable/me')).slots as any[];
    let free = { day: 0, period: 0 };
    for (let d = 1; d <= 6 && !free.day; d++)
      for (let p = 1; p <= 8 && !free.day; p++)
        if (!week.some((s) => s.day === d && s.period === p)) free = { day: d, period: p };
    await cell.getByRole('button').click();
    await pickOption(page, 'Subject and faculty', 'Free period', page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Set' }).click();
    await page.getByTestId(`cell-${free.day}-${free.period}`).getByRole('button').click();
    await pickOption(page, 'Subject and faculty', new RegExp(subject.code), page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Set' }).click();
    await page.getByRole('button', { name: 'Save timetable' }).click();
    await expect.poll(() => toasts(page)).toContain('Timetable saved');
    const saved = await api(admin.token, 'GET', `/api/timetable/${section.id}`);
    expect(saved.slots.map((s: any) => `${s.day}:${s.period}:${s.subjectCode}`)).toEqual([
      `${free.day}:${free.period}:${subject.code}`,
    ]);
    await shot(page, 'timetable-editor-saved-1366');
  }, 120_000);

  it('the office finds a student record and saves it; a bad mobile is refused by the form', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'academics');
    await page.goto(`${baseUrl()}/app/Academics/Students`);
    await page.getByLabel('Search roll number or name').fill('22A91A0502');
    await expect.poll(() => page.getByTestId('student-record').count()).toBe(1);
    await page.getByTestId('student-record').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const mobile = dialog.getByLabel('Mobile');
    const before = await mobile.inputValue();
    await mobile.fill('12345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Enter a 10-digit mobile number starting 6-9').count()).toBe(1);
    await mobile.fill(before);
    await shot(page, 'student-record-edit-1366');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain('Student record saved');

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'academics');
    await phone.goto(`${baseUrl()}/app/Academics/Students`);
    await expect.poll(() => phone.getByTestId('student-record').count()).toBeGreaterThan(0);
    await shot(phone, 'student-records-390');
  });
});
