import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, newPage, shot, signIn } from './harness';

async function api<T = any>(token: string, url: string): Promise<T> {
  const res = await apiCall('GET', url, undefined, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

describe('analytics for leadership', () => {
  it('shows the chairman the headline figures and the money charts, each figure leading to the accounts office’s own list', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'chairman');
    // The chairman's dashboard has the panel that leads in.
    await page.goto(`${baseUrl()}/app/Dashboard/Dashboard View`);
    await page.getByTestId('analytics-panel').getByRole('link', { name: 'Open analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const overview = await api(token, '/api/analytics/overview');
    await page.getByTestId('fig-students').waitFor();
    expect(await page.getByTestId('fig-students').textContent()).toBe(overview.studentsOnRolls.toLocaleString('en-IN'));
    // Figures come from their owners: the dues headline is the accounts office's own total of the dues list.
    const dues = await api(token, '/api/accounts/dues?pageSize=1');
    expect(overview.studentDuesPaise).toBe(dues.totalDuePaise);
    await page.getByTestId('chart-months').locator('svg').first().waitFor();
    await page.getByRole('table', { name: 'Dues by branch and batch' }).waitFor();
    await shot(page, 'analytics-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analytics-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // A branch's dues open the dues list filtered to that branch and batch, with the same total.
    const money = await api(token, '/api/analytics/fees');
    const row = money.duesByBranch[0];
    expect(row).toBeTruthy();
    await page.getByRole('link', { name: `Dues of ${row.branch} ${row.batch}` }).click();
    await page.getByRole('region', { name: 'Dues list' }).waitFor();
    await expect.poll(() => page.getByLabel('Branch').inputValue()).toBe(row.branch);
    expect(await page.getByLabel('Batch (e.g. 2024-2028)').inputValue()).toBe(row.batch);
    const listed = await api(token, `/api/accounts/dues?branch=${encodeURIComponent(row.branch)}&batch=${encodeURIComponent(row.batch)}&pageSize=1`);
    expect(listed.total).toBe(row.students);
    expect(listed.totalDuePaise).toBe(row.duePaise);
    await page.getByText(`${listed.total} students owe`).waitFor();
    await page.context().close();
  });

  it('opens admissions, results and attendance as the principal, each figure leading to the office’s own list', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'principal');

    // Admissions: the demo's admissions are of one year; look at that year.
    const now = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const thisYear = Number(now.slice(0, 4)) - (now.slice(5, 10) < '05-01' ? 1 : 0);
    let adm: any = null;
    for (let y = thisYear; y > thisYear - 6 && !adm; y--) {
      const f = await api(token, `/api/analytics/admissions?year=${y}`);
      if (f.totals.admitted > 0) adm = f;
    }
    expect(adm).toBeTruthy();
    await page.goto(`${baseUrl()}/app/Analytics?tab=admissions`);
    await page.getByRole('combobox', { name: 'Academic year' }).click();
    await page.getByRole('option', { name: adm.year.label }).click();
    await page.getByTestId('admissions-summary').getByText(`${adm.totals.admitted} admitted`).waitFor();
    await page.getByTestId('chart-admissions-branches').locator('svg').first().waitFor();
    await shot(page, 'analytics-admissions-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analytics-admissions-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    const branch = adm.byBranch.find((b: { admitted: number }) => b.admitted > 0);
    await page.getByRole('link', { name: `Admitted to ${branch.branch}` }).click();
    const listed = await api(token, `/api/admissions/applications?branch=${encodeURIComponent(branch.branch)}&year=${adm.year.year}&limit=1`);
    expect(listed.total).toBe(branch.admitted);
    await page.getByTestId('linked-filter').getByText(`: ${branch.admitted}`).waitFor();
    await page.getByRole('table', { name: 'Saved admissions' }).waitFor();
    // The office enters the branch's sanctioned intake there; the figure then shows the seats still open.
    await page.getByRole('button', { name: 'Sanctioned intake' }).click();
    const intakeForm = page.getByRole('form', { name: 'Sanctioned intake' });
    await intakeForm.getByRole('combobox', { name: 'Academic year' }).click();
    await page.getByRole('option', { name: adm.year.label }).click();
    // the demo's intakes are entered already: change the branch's line (or add one where it has none)
    await intakeForm.getByLabel('Branch').first().waitFor();
    const branchFields = intakeForm.getByLabel('Branch');
    let line = -1;
    for (let i = 0; i < (await branchFields.count()); i++) if ((await branchFields.nth(i).inputValue()) === branch.branch) line = i;
    if (line < 0) {
      await intakeForm.getByRole('button', { name: 'Add a branch' }).click();
      await intakeForm.getByRole('combobox', { name: 'Course' }).last().click();
      await page.getByRole('option', { name: branch.course, exact: true }).click();
      await intakeForm.getByLabel('Branch').last().fill(branch.branch);
      line = (await branchFields.count()) - 1;
    }
    await intakeForm.getByLabel('Intake').nth(line).fill(String(branch.admitted + 5));
    await shot(page, 'admissions-intake-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'admissions-intake-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await intakeForm.getByRole('button', { name: 'Save intake' }).click();
    await expect.poll(async () => (await api(token, `/api/analytics/admissions?year=${adm.year.year}`)).byBranch.find((b: { branch: string }) => b.branch === branch.branch).open).toBe(5);

    // Results: the year the demo's titles were published in; a topper opens the exam's result page.
    const res = await api(token, '/api/analytics/results');
    expect(res.toppers.length).toBeGreaterThan(0);
    await page.goto(`${baseUrl()}/app/Analytics?tab=results`);
    await page.getByTestId('results-summary').getByText(`${res.backlogs.students} students on the rolls carry`).waitFor();
    await page.getByTestId('chart-results-trend').locator('svg').first().waitFor();
    await page.getByRole('table', { name: 'Toppers' }).waitFor();
    await shot(page, 'analytics-results-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analytics-results-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    const top = res.toppers[0];
    await page.getByRole('link', { name: `Result of ${top.rollNo}` }).first().click();
    await page.getByRole('heading', { name: top.title }).waitFor();

    // Attendance: the students below the threshold are the shortage list's.
    const att = await api(token, '/api/analytics/attendance');
    const shortage = await api(token, '/api/attendance/shortage');
    expect(att.below.students).toBe(shortage.rows.length);
    await page.goto(`${baseUrl()}/app/Analytics?tab=attendance`);
    await expect.poll(() => page.getByTestId('fig-below').textContent()).toBe(att.below.students.toLocaleString('en-IN'));
    await page.getByTestId('chart-attendance-weeks').locator('svg').first().waitFor();
    await shot(page, 'analytics-attendance-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'analytics-attendance-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('fig-below').click();
    await page.getByRole('heading', { name: 'Attendance shortage' }).waitFor();
    if (shortage.rows.length) await page.getByText(shortage.rows[0].rollNo).first().waitFor();
    await page.context().close();
  });

  it('opens placements and the offices as the principal, a figure leading to the office’s own list, and the weekly summary switch', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'principal');
    const now = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const thisYear = Number(now.slice(0, 4)) - (now.slice(5, 10) < '05-01' ? 1 : 0);

    // Placements: the figures are the placement cell's own statistics of the batch leaving.
    const pl = await api(token, `/api/analytics/placements?year=${thisYear}`);
    await page.goto(`${baseUrl()}/app/Analytics?tab=placements`);
    await page.getByTestId('placements-summary').waitFor();
    if (pl.batches.length) {
      const b = pl.batches[0];
      const office = await api(token, `/api/placements/stats?batch=${b.batch}`);
      expect(office.total).toEqual(b.total);
      await page.getByTestId('placements-summary').getByText(`Batch ${b.batch}: ${b.total.placed} of ${b.total.eligible} eligible placed`).waitFor();
      await page.getByTestId('chart-placements-placed').locator('svg').first().waitFor();
    }
    await shot(page, 'analytics-placements-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('placements-summary').waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'analytics-placements-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Offices: grievances past their deadline open the grievances list with that filter on.
    const of = await api(token, '/api/analytics/offices');
    await page.goto(`${baseUrl()}/app/Analytics?tab=offices`);
    await expect.poll(() => page.getByTestId('fig-grievances-overdue').textContent()).toBe(of.grievances.overdue.toLocaleString('en-IN'));
    await page.getByTestId('chart-hostels').locator('svg').first().waitFor();
    await shot(page, 'analytics-offices-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('chart-hostels').locator('svg').first().waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'analytics-offices-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('fig-grievances-overdue').click();
    await page.waitForURL(/grievance-redressal\?overdue=true/);
    await expect.poll(() => page.getByRole('switch', { name: /overdue/i }).or(page.getByRole('checkbox', { name: /overdue/i })).isChecked()).toBe(true);

    // The weekly summary: this user's own switch, kept by the server.
    await page.goto(`${baseUrl()}/app/Analytics?tab=offices`);
    const toggle = page.getByRole('switch', { name: 'Mail me the weekly summary every Monday' }).or(page.getByRole('checkbox', { name: 'Mail me the weekly summary every Monday' }));
    await toggle.waitFor();
    const before = (await api(token, '/api/analytics/weekly-summary')).enabled;
    await toggle.click();
    await expect.poll(async () => (await api(token, '/api/analytics/weekly-summary')).enabled).toBe(!before);
    await toggle.click();
    await expect.poll(async () => (await api(token, '/api/analytics/weekly-summary')).enabled).toBe(before);
    await page.context().close();
  });

  it('refuses the figures to a student and a clerk', async () => {
    for (const who of ['22A91A0501', 'accountant']) {
      const page = await newPage({ width: 1366 });
      const { token } = await signIn(page, who);
      const res = await apiCall('GET', '/api/analytics/overview', undefined, 'localhost', { authorization: `Bearer ${token}` });
      expect(res.status, who).toBe(403);
      await page.context().close();
    }
  });

  it('shows the accounts officer the leaving policy the hostel and transport offices charge by', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'accountsofficer');
    const settings = await api(token, '/api/accounts/settings');
    await page.goto(`${baseUrl()}/app/accounts/setup`);
    const form = page.getByRole('form', { name: 'Leaving policy' });
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Charge by' }).textContent()).toBe(
      settings.leavingBasis === 'semester' ? 'The semester begun' : 'The month begun',
    );
    await form.getByRole('button', { name: 'Save policy' }).waitFor();
    await page.getByRole('region', { name: 'When a student leaves early' }).scrollIntoViewIfNeeded();
    await shot(page, 'accounts-leaving-policy-1366');
    await page.context().close();
  });
});
