import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import {
  HOSTEL_PATHS,
  periodTime,
  type TCapped,
  type TDrive,
  type TMissedClass,
  type TRoute,
  type TTimetable,
  type TWaitlistEntry,
} from '@erp/shared';
import { apiCall, baseUrl, newPage, pickOption, sawToast, shot, signIn } from './harness';

const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const go = (page: Page, to: string) => page.goto(`${baseUrl()}${encodeURI(to)}`);
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const days = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return iso(d);
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function api<T = any>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, url, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

/**
 * Shoots the page at 1366 px (the whole page) and at 390 px (the phone's screen, scrolled to what
 * the test looks at), then goes back to 1366. The pause lets a menu or dialog finish appearing.
 */
async function bothWidths(page: Page, name: string, target: Locator) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await target.waitFor();
  await page.waitForTimeout(300);
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  // The narrow layout re-renders (a grid becomes a list): the element found first may be replaced
  // while it is scrolled to, so find it again until the page holds still.
  for (let tries = 0; ; tries++) {
    await target.waitFor();
    try {
      await target.scrollIntoViewIfNeeded({ timeout: 2000 });
      break;
    } catch (err) {
      if (tries >= 4 || !/not attached|detached/i.test(String(err))) throw err;
      await page.waitForTimeout(200);
    }
  }
  await page.waitForTimeout(300);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390.png`) });
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe("an office's first week", () => {
  it('hostel: an applicant who asked for AC is offered the AC beds first, the others after under their own heading', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'hostel');
    const app = await api(token, 'POST', '/api/hostel/applications', {
      rollNo: '22A91A0501',
      academicYear: '2031-2032',
      prefersAc: true,
      guardianName: 'Demo Parent',
      guardianMobile: '9848033333',
    });
    try {
      await go(page, HOSTEL_PATHS.registration);
      const card = page.getByTestId('application').filter({ hasText: '2031-2032' });
      await card.getByRole('button', { name: 'Allot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Allot a bed' });
      await dialog.getByText('Asked for: AC').waitFor();
      // MUI gives the group headings role option too; a bed is an option with a value.
      const beds = page.locator('[role="option"][data-value]');
      const open = async () => {
        await dialog.getByRole('combobox', { name: 'Free bed' }).click();
        await beds.first().waitFor();
      };
      await open();
      await page.getByText('Matches the application (AC)').waitFor();
      const labels = await beds.allTextContents();
      const firstOther = labels.findIndex((l) => l.includes('Not AC'));
      expect(labels.length).toBeGreaterThan(0);
      expect(firstOther).toBeGreaterThan(0);
      expect(labels.slice(0, firstOther).every((l) => l.includes(', AC') && !l.includes('Not AC'))).toBe(true);
      expect(labels.slice(firstOther).every((l) => l.includes('— Not AC'))).toBe(true);
      await page.getByText('Other beds: not what the application asked for').waitFor();
      await page.waitForTimeout(300);
      await shot(page, 'offices-hostel-allot-ac-first-1366');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 844 });
      await open();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'offices-hostel-allot-ac-first-390.png') });
      await page.keyboard.press('Escape');
    } finally {
      await api(token, 'POST', `/api/hostel/applications/${app.id}/reject`, { note: 'Browser test application' });
    }
    await page.context().close();
  });

  it('transport: a full route is marked full; the form joins its waiting list; a freed seat is offered and confirmed', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'transport');
    const r5 = (await api<TRoute[]>(token, 'GET', '/api/transport/routes')).find((r) => r.code === 'R5')!;
    expect(r5).toMatchObject({ full: true });
    const before = r5.waiting;

    await go(page, '/app/Transport/Routes');
    const card = page.getByTestId('route-R5');
    await card.getByTestId('full-R5').waitFor();
    expect(await card.textContent()).toContain(`${before} waiting`);
    await bothWidths(page, 'offices-transport-routes', card.getByTestId('full-R5'));

    // A student with no pass and not waiting.
    const waiting = new Set(
      (await api<TCapped<TWaitlistEntry>>(token, 'GET', '/api/transport/waitlist')).items.map((e) => e.holderRef),
    );
    let roll = '';
    for (let d = 9; d >= 0 && !roll; d--) {
      for (const h of await api<Array<{ ref: string }>>(
        token,
        'GET',
        `/api/transport/holders?holderType=student&q=22A91A05${d}`,
      )) {
        const held = await api<{ total: number }>(token, 'GET', `/api/transport/passes?q=${h.ref}&status=active`);
        if (held.total === 0 && !waiting.has(h.ref)) {
          roll = h.ref;
          break;
        }
      }
    }
    expect(roll).not.toBe('');

    await go(page, '/app/Transport/Passes');
    await page.getByRole('table', { name: 'Bus passes' }).waitFor();
    await page.getByTestId('waitlist').waitFor();
    await page.getByRole('button', { name: 'Issue pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue a bus pass' });
    await dialog.getByTestId('pass-holder').fill(roll);
    await page.getByRole('option', { name: new RegExp(`^${roll} · `) }).click();
    await dialog.getByLabel('Route').click();
    await page.getByRole('option', { name: /^R5 · .*\(Full · \d+ waiting\)$/ }).click();
    const full = dialog.getByTestId('route-full');
    await full.waitFor();
    expect(await full.textContent()).toContain(`the holder becomes number ${before + 1}`);
    await pickOption(page, dialog.getByLabel('Stop'), /Irala/);
    await bothWidths(page, 'offices-transport-join-waitlist', full);
    await dialog.getByRole('button', { name: 'Join waiting list' }).click();
    await sawToast(page, `is number ${before + 1} on the waiting list for R5`);
    const mine = page.getByTestId(`wait-${roll}`);
    await mine.waitFor();
    expect(await mine.textContent()).toContain(`#${before + 1} on R5`);

    // A pass on R5 is cancelled: the first waiting is offered the seat, and the office confirms it.
    const first = (await api<TCapped<TWaitlistEntry>>(token, 'GET', `/api/transport/waitlist?routeId=${r5.id}`)).items[0]!;
    const onR5 = await api<{ items: Array<{ id: number; holderRef: string }> }>(
      token,
      'GET',
      `/api/transport/passes?routeId=${r5.id}&status=active&pageSize=5`,
    );
    const leaving = onR5.items.find((p) => p.holderRef !== '22A91A0501')!;
    const cancelled = await api(token, 'POST', `/api/transport/passes/${leaving.id}/cancel`, { reason: 'Moved to the hostel' });
    expect(cancelled.offeredTo).toMatchObject({ id: first.id, status: 'offered' });
    await page.reload();
    const offered = page.getByTestId(`wait-${first.holderRef}`);
    await offered.getByText('Seat offered').waitFor();
    await bothWidths(page, 'offices-transport-waitlist', offered.getByText('Seat offered'));
    await offered.getByRole('button', { name: `Confirm seat for ${first.holderRef}` }).click();
    await sawToast(page, `issued to ${first.holderName}`);
    const after = (
      await api<TCapped<TWaitlistEntry>>(token, 'GET', `/api/transport/waitlist?routeId=${r5.id}&status=all`)
    ).items.find((e) => e.id === first.id)!;
    expect(after.status).toBe('issued');
    await page.context().close();
  });

  it('placements: the drive summary names every rule, attendance and no dues included, for the dean and the student', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'placement');
    const [company] = await api<Array<{ id: number }>>(token, 'GET', '/api/placements/companies');
    const drive = await api<TDrive>(token, 'POST', '/api/placements/drives', {
      companyId: company.id,
      driveDate: days(30),
      roles: 'Graduate Engineer Trainee',
      ctcRupees: 650_000,
      location: 'Chennai',
      batch: '2022-2026',
      branches: ['CSE', 'ECE'],
      minCgpa: 6.5,
      maxBacklogs: 0,
      minAttendance: 75,
      noFeeDues: true,
      minTenthPct: 60,
      minTwelfthPct: 60,
      maxGapYears: 1,
    });
    const expected = [
      'Batch 2022-2026',
      'Branches CSE, ECE',
      'CGPA at least 6.50',
      'No active backlogs',
      '10th at least 60%',
      '12th / diploma at least 60%',
      'Gap in studies at most 1 year',
      'Attendance at least 75%',
      'No fee dues',
    ];
    expect(drive.rules).toEqual(expected);
    await go(page, `/app/placements/drives/${drive.id}`);
    const rules = page.getByTestId('eligibility-rules');
    await rules.getByText('No fee dues').waitFor();
    expect(await rules.getByRole('listitem').allTextContents()).toEqual(expected);
    await bothWidths(page, 'offices-placements-drive-rules', rules.getByText('Attendance at least 75%'));

    await go(page, '/app/placements');
    await page.getByRole('button', { name: 'New drive' }).click();
    await page.getByLabel('Minimum 10th %').waitFor();
    await bothWidths(page, 'offices-placements-new-drive', page.getByLabel('Maximum gap in studies, years (blank: any)'));

    const student = await newPage({ width: 390, height: 844 });
    await signIn(student, '22A91A0501');
    await go(student, '/app/placements/student');
    const card = student.getByTestId(`drive-${drive.id}`);
    await card.getByText('Gap in studies at most 1 year').waitFor();
    expect(await card.getByTestId('eligibility-rules').getByRole('listitem').allTextContents()).toEqual(expected);
    await bothWidths(student, 'offices-placements-student-drive', card.getByText('No fee dues'));
    await page.context().close();
    await student.context().close();
  });

  it('timetable: the week, the day and the sheet show subject names and period times', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'faculty');
    const week = await api<TTimetable>(token, 'GET', '/api/timetable/me');
    expect(week.slots.length).toBeGreaterThan(0);
    const first = week.slots[0];

    await go(page, '/app/Academics/Timetable');
    const grid = page.getByTestId('week-grid');
    await grid.getByRole('columnheader').filter({ hasText: '09:00–09:50' }).waitFor();
    await grid.getByText(first.subjectName).first().waitFor();
    // A lab's three periods are one cell.
    const lab = week.slots.find((s) =>
      week.slots.some(
        (x) => x.day === s.day && x.period === s.period + 2 && x.subjectId === s.subjectId && x.sectionId === s.sectionId,
      ),
    );
    if (lab)
      await grid
        .getByText(`${lab.subjectCode} · Lab · ${periodTime(lab.period, lab.period + 2)}`)
        .first()
        .waitFor();
    await bothWidths(page, 'offices-timetable-week', grid.getByText(first.subjectName).first());

    // A recent day with classes on the faculty's attendance sheet.
    let date = '';
    let cls: any = null;
    for (let back = 0; back < 14 && !cls; back++) {
      const sheet = await api(token, 'GET', `/api/attendance/sheet?date=${days(-back)}`);
      cls = sheet.classes[0] ?? null;
      date = sheet.date;
    }
    expect(cls).not.toBeNull();
    await go(page, '/app/Attendance/Sheet');
    await page.getByLabel('Date').fill(date);
    const button = page
      .getByRole('button', { name: new RegExp(`P${cls.period}.*${periodTime(cls.period)}.*${escape(cls.subjectName)}`) })
      .first();
    await button.waitFor();
    await bothWidths(page, 'offices-attendance-day', button);
    await button.click();
    const header = page.getByTestId('sheet-header');
    await header.waitFor();
    expect(await header.textContent()).toContain(cls.subjectName);
    expect(await header.textContent()).toContain(periodTime(cls.period));
    await bothWidths(page, 'offices-attendance-sheet-header', header);
    await page.context().close();
  });

  it('leave: a three-period lab is one class with one backup', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'faculty');
    // A working day two to three months ahead on which the faculty has a lab block (clear of other tests' dates).
    let date = '';
    let missed: TMissedClass[] = [];
    for (let ahead = 60; ahead < 100 && !date; ahead++) {
      const d = days(ahead);
      const m = await api<TMissedClass[]>(token, 'GET', `/api/leave/missed-classes?fromDate=${d}&toDate=${d}`);
      if (m.some((x) => x.periods.length === 3 && x.candidates.length > 0)) {
        date = d;
        missed = m;
      }
    }
    expect(date).not.toBe('');
    const lab = missed.find((x) => x.periods.length === 3)!;
    const label = `P${lab.periods[0]}–${lab.periods[2]} · ${periodTime(lab.periods[0], lab.periods[2])}`;

    await go(page, '/app/Leave');
    await page.getByRole('combobox', { name: 'Leave type' }).click();
    await page.getByRole('option', { name: /^CL/ }).click();
    await page.getByLabel('From').fill(date);
    await page.getByLabel('To').fill(date);
    await page.getByLabel('Reason').fill('Examiner at a university practical examination');
    const pickers = page.getByRole('combobox', { name: /P\d(–\d)? · / });
    await expect.poll(() => pickers.count()).toBe(missed.length);
    // One picker for the lab, none for its second and third periods.
    expect(await page.getByRole('combobox', { name: new RegExp(label) }).count()).toBe(1);
    for (const m of missed) {
      await pickOption(page, page.getByTestId(`backup-${m.date}-${m.period}`).locator('..').getByRole('combobox'), m.candidates[0].name);
    }
    await bothWidths(page, 'offices-leave-lab-one-backup', page.getByText('a 3-period block, one backup for all of it'));
    await page.getByRole('button', { name: 'Apply' }).click();
    await sawToast(page, 'Leave applied; your backups have been asked');
    const app = (await api(token, 'GET', '/api/leave/applications?view=mine')).items.find((a: any) => a.fromDate === date);
    const labRows = app.backups.filter((b: any) => lab.periods.includes(b.period) && b.subjectCode === lab.subjectCode);
    expect(labRows.map((b: any) => b.period)).toEqual(lab.periods);
    expect(new Set(labRows.map((b: any) => b.backupFacultyId)).size).toBe(1);

    await page.getByRole('tab', { name: 'My leave' }).click();
    const mine = page.getByTestId(`leave-${app.id}`);
    await mine.getByText(new RegExp(label)).waitFor();
    await bothWidths(page, 'offices-leave-my-leave', mine.getByText(new RegExp(label)));
    await page.context().close();
  });
});
