import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MASTERS_MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, shot, signIn } from './harness';

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
      await page.getByRole('combobox', { name: new RegExp(`P${m.period} · `) }).click();
      await page.getByRole('option', { name: backupName, exact: true }).click();
    }
    await shot(page, 'leave-apply-1366');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toasts(page)).toContain('Leave applied; your backups have been asked');
    const mine = await api(me.token, 'GET', '/api/leave/applications?view=mine');
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
    await hodPage.getByTestId(`leave-${app.id}`).getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(
        async () =>
          (await api(hod.token, 'GET', '/api/leave/applications?view=department')).find((a: any) => a.id === app.id).status,
      )
      .toBe('approved');
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
