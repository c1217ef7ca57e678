import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PORTAL_PATHS, type TFeeDueLine, type TMyFees, type TPortalOverview } from '@erp/shared';
import { apiCall, baseUrl, newPage, pdfText, shot, signIn } from './harness';

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const STUDENT = '22A91A0501';
const SECOND_CHILD = '22A91A0502';
const go = (page: Page, p: string) => page.goto(`${baseUrl()}${encodeURI(p)}`);
/** The open ledger lines of a student's fees (a parent's child by id), as the API answers them now. */
const feeLines = async (token: string, studentId?: number): Promise<TFeeDueLine[]> => {
  const query = studentId ? `?studentId=${studentId}` : '';
  const res = await apiCall('GET', `/api/me/fees${query}`, undefined, 'localhost', { authorization: `Bearer ${token}` });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as TMyFees).fees.due.find((d) => d.feeType === 'semester')?.lines ?? [];
};
const lineName = (l: TFeeDueLine) => `${l.head} · ${l.fy}`;
const sum = (lines: TFeeDueLine[]) => lines.reduce((n, l) => n + l.amountPaise, 0);
/** ₹ as the Fees tab writes it: lakh grouping, paise only when there are some. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
const tab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name, exact: true }).click();
  // Let the tab indicator finish sliding before a screenshot.
  await page.waitForTimeout(400);
};

describe('student portal', () => {
  it("a student's day: overview, results, attendance, fees, a bonafide the office approves, the PDF", { timeout: 180_000 }, async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, STUDENT);

    // The dashboard's portal panel leads to the portal.
    await go(page, '/app/Student');
    const panel = page.getByTestId('student-portal-panel');
    await panel.getByText(/Attendance .* CGPA .* Due/).waitFor();
    await panel.getByRole('link', { name: 'Open my portal' }).click();
    await page.getByRole('heading', { name: 'My Portal' }).waitFor();
    await page.getByText(`${STUDENT} · B.Tech CSE`).waitFor();
    await page.getByTestId('panel-attendance').getByText(/%/).first().waitFor();
    expect(await page.getByTestId('panel-results').textContent()).toMatch(/CGPA\d+\.\d\d/);
    expect(await page.getByTestId('panel-fees').textContent()).toMatch(/Due now(₹[\d,]+ \(\d\)|Nothing due)/);
    await shot(page, 'portal-student-home-1366');

    await tab(page, 'Results');
    await page.getByTestId('semester-result').first().waitFor();
    expect(await page.getByTestId('cgpa').textContent()).toMatch(/^\d+\.\d\d$/);
    expect(await page.getByTestId('semester-result').first().textContent()).toMatch(/SGPA \d+\.\d\d · \d+(\.5)?\/\d+(\.5)? credits/);
    await shot(page, 'portal-student-results-1366');

    await tab(page, 'Attendance');
    await page.getByText(/^Overall/).waitFor();
    await expect.poll(() => page.getByTestId('subject-attendance').count()).toBeGreaterThan(0);
    await shot(page, 'portal-student-attendance-1366');

    await tab(page, 'Fees');
    await page.getByText('Due now').waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
    // The student sees the open lines and their total, nothing to tick: they pay from the dashboard.
    const mineDue = await feeLines(token);
    if (mineDue.length) {
      const due = page.getByRole('group', { name: 'Fees due' });
      for (const l of mineDue) await due.getByText(lineName(l), { exact: true }).waitFor();
      expect(await due.getByRole('checkbox').count()).toBe(0);
      await page.getByText('Pay online from the Fees panel of your dashboard.').waitFor();
    }
    await shot(page, 'portal-student-fees-1366');

    // A bonafide certificate for a purpose of this run.
    const purpose = `Bank loan ${Date.now().toString(36)}`;
    await tab(page, 'Certificates');
    await page.getByLabel('Purpose').fill(purpose);
    await page.getByRole('button', { name: 'Send request' }).click();
    const mine = page.getByTestId('certificate-request').filter({ hasText: purpose });
    await mine.getByText('pending').waitFor();

    // The office approves it.
    const office = await newPage({ width: 1366, height: 900 });
    await signIn(office, 'admin');
    await go(office, PORTAL_PATHS.officeCertificates);
    await office.getByLabel('Search roll number or name').fill(STUDENT);
    const row = office.getByTestId('office-certificate').filter({ hasText: purpose });
    await row.waitFor();
    await shot(office, 'portal-office-certificates-1366');
    await row.getByRole('button', { name: 'Approve and issue' }).click();
    await office.getByText('Certificate issued').waitFor();
    await office.close();

    // The student downloads the PDF.
    await page.reload();
    await tab(page, 'Certificates');
    await mine.getByText('approved').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`bonafide-${STUDENT}.pdf`);
    const file = path.join(path.dirname(await shot(page, 'portal-student-certificates-1366')), 'portal-bonafide.pdf');
    await download.saveAs(file);
    const { text, pages } = await pdfText(file);
    expect(pages).toBe(1);
    expect(text).toContain('BONAFIDE CERTIFICATE');
    expect(text).toContain(STUDENT);
    expect(text).toContain(purpose);

    // The phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await tab(page, 'Home');
    await page.getByTestId('panel-fees').waitFor();
    await shot(page, 'portal-student-home-390');
    await tab(page, 'Certificates');
    await mine.waitFor();
    await shot(page, 'portal-student-certificates-390');
    await page.close();
  });
});

describe('parent home', () => {
  it("the student's home shows timetable, placements and grievances panels from their own data", { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await signIn(page, STUDENT);
    const auth = { authorization: `Bearer ${user.token}` };
    const get = async <T,>(p: string) => JSON.parse((await apiCall('GET', p, undefined, 'localhost', auth)).text) as T;
    const [timetable, drives, grievances] = await Promise.all([
      get<{ slots: Array<{ subjectCode: string }> }>('/api/timetable/me'),
      get<Array<{ applied?: boolean }>>('/api/placements/drives'),
      get<{ items: Array<{ subject: string }> }>('/api/grievances?mine=true&open=true'),
    ]);
    await go(page, PORTAL_PATHS.student);

    const tt = page.getByTestId('panel-timetable');
    await tt.getByRole('button', { name: 'This week' }).click();
    if (timetable.slots.length) await poll(() => tt.getByTestId('week-view').textContent()).toContain(timetable.slots[0].subjectCode);
    else await tt.getByText('No timetable has been published for your section yet.').waitFor();

    const pl = page.getByTestId('panel-placements');
    const applied = drives.filter((d) => d.applied).length;
    await pl.getByText(`My applications (${applied})`).waitFor();
    expect(await pl.getByTestId('my-application').count()).toBe(Math.min(applied, 4));

    const gr = page.getByTestId('panel-grievances');
    if (grievances.items.length) {
      await gr.getByTestId('open-grievance').first().waitFor();
      expect(await gr.getByTestId('open-grievance').count()).toBe(Math.min(grievances.items.length, 4));
      expect(await gr.textContent()).toContain(grievances.items[0].subject);
    } else await gr.getByText('No open grievances.').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'portal-student-panels-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await tt.getByRole('button', { name: 'Today' }).click();
    await shot(page, 'portal-student-panels-390');
    await page.close();
  });

  it('a parent with two children switches between them and sees each one', { timeout: 120_000 }, async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { token } = await signIn(page, 'parent');
    await go(page, PORTAL_PATHS.parent);
    const switcher = page.getByTestId('child-switcher');
    await switcher.waitFor();
    expect(await switcher.getByRole('button').count()).toBe(2);
    await page.getByText(new RegExp(`^${STUDENT} · B.Tech`)).waitFor();
    await page.getByTestId('panel-attendance').waitFor();
    await shot(page, 'portal-parent-home-1366');

    // The first child's Fees tab: the open ledger lines, each with a checkbox, all checked, Pay for the whole due.
    const auth = { authorization: `Bearer ${token}` };
    const overview = JSON.parse((await apiCall('GET', '/api/me/overview', undefined, 'localhost', auth)).text) as TPortalOverview;
    const childId = overview.children.find((c) => c.rollNo === STUDENT)!.studentId;
    await tab(page, 'Fees');
    await page.getByText('Due now').waitFor();
    const due = page.getByRole('group', { name: 'Fees due' });
    const box = (l: TFeeDueLine) => due.getByRole('checkbox', { name: lineName(l), exact: true });
    const payButton = (paise: number) => due.getByRole('button', { name: `Pay ${rupees(paise)}`, exact: true });
    const lines = await feeLines(token, childId);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(await box(l).isChecked()).toBe(true);
    await payButton(sum(lines)).waitFor();
    await shot(page, 'portal-parent-fees-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot(page, 'portal-parent-fees-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    await switcher.getByRole('button', { name: new RegExp(SECOND_CHILD) }).click();
    await page.getByText(new RegExp(`^${SECOND_CHILD} · B.Tech`)).waitFor();
    await tab(page, 'Attendance');
    await page.getByText(/^Overall/).waitFor();
    await tab(page, 'Fees');
    await page.getByText('Due now').waitFor();
    await shot(page, 'portal-parent-fees-second-child-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await tab(page, 'Summary');
    await page.getByTestId('panel-fees').waitFor();
    await shot(page, 'portal-parent-home-390');

    // Back to the first child: the parent pays only the largest line (the others unchecked), and the order is for it.
    await page.setViewportSize({ width: 1366, height: 900 });
    await switcher.getByRole('button', { name: new RegExp(STUDENT) }).click();
    await tab(page, 'Fees');
    const now = await feeLines(token, childId);
    const chosen = now.reduce((a, b) => (b.amountPaise > a.amountPaise ? b : a));
    for (const l of now) if (l !== chosen) await box(l).uncheck();
    await Promise.all([page.waitForURL(/\/api\/payments\/demo\//), payButton(chosen.amountPaise).click()]);
    const order = JSON.parse((await page.evaluate(() => sessionStorage.getItem('paymentData'))) ?? '{}');
    expect(order).toMatchObject({ rollNo: STUDENT, feeType: 'semester', amount: chosen.amountPaise });
    await page.close();
  });

  it('the office links screen works on a phone', { timeout: 60_000 }, async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await go(page, PORTAL_PATHS.officeLinks);
    await page.getByTestId('parent-link').filter({ hasText: SECOND_CHILD }).waitFor();
    await shot(page, 'portal-office-links-390');
    await page.close();
  });
});
