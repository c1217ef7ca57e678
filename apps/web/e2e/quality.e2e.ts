import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

// The machine is shared: give the app up to 15 s to show what is asserted on.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();

describe('NAAC and NIRF', () => {
  it('IQAC reads the NAAC metrics of a year, drills into the rows behind one and enters an input', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'iqac');
    await page.goto(`${baseUrl()}/naac/`);
    await pickOption(page, 'Academic year', '2024-25');
    const table = page.getByTestId('naac-metrics');
    // 150 students admitted in 2024-25 (five branches × 30) against the intake of 180 IQAC entered.
    await poll(() => table.getByRole('row', { name: /2\.1\.1 Enrolment percentage/ }).textContent()).toContain('83.33%');
    expect(await table.getByRole('row', { name: /5\.2\.1 Placement/ }).textContent()).toContain(
      'Outgoing students placed ÷ outgoing (final-year) students × 100',
    );
    // the formula in words, not its code
    expect(await table.getByRole('row', { name: /2\.1\.1 Enrolment/ }).textContent()).toContain(
      'Students admitted in the year ÷ sanctioned intake × 100',
    );
    await shot(page, 'naac-metrics-1366');

    await table.getByRole('button', { name: 'Rows behind 2.1.1' }).click();
    const dialog = page.getByRole('dialog', { name: /2\.1\.1 Enrolment percentage · 2024-25/ });
    await poll(() => dialog.getByTestId('evidence-admitted').textContent()).toContain('Students admitted in the year: 150');
    await poll(() => dialog.getByTestId('evidence-sanctioned_intake').textContent()).toContain('entered by IQAC');
    await shot(page, 'naac-evidence-1366');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // 2018-19 is outside the seeded history: nothing else reads it.
    await pickOption(page, 'Academic year', '2018-19');
    await poll(() =>
      table.getByRole('row', { name: /2\.4\.1 Full-time teachers against sanctioned posts/ }).textContent(),
    ).toContain('Sanctioned teaching posts for 2018-19 is not entered (IQAC inputs)');
    await page.getByRole('button', { name: 'IQAC inputs' }).click();
    const inputs = page.getByRole('dialog', { name: /IQAC inputs 2018-19/ });
    await inputs.getByRole('spinbutton', { name: 'Sanctioned teaching posts' }).fill('40');
    await inputs.getByRole('button', { name: 'Save' }).click();
    await poll(() => toasts(page)).toContain('IQAC inputs saved');
    await poll(() =>
      table.getByRole('row', { name: /2\.4\.1 Full-time teachers against sanctioned posts/ }).textContent(),
    ).not.toContain('is not entered');

    const { token } = await signIn(page, 'iqac');
    const xlsx = await apiCall('GET', '/api/naac/export?years=2021-2025', undefined, 'localhost', {
      authorization: `Bearer ${token}`,
    });
    expect(xlsx.status).toBe(200);

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'iqaccoordinator');
    await phone.goto(`${baseUrl()}/naac/`);
    await poll(() => phone.getByTestId('naac-metrics').textContent()).toContain('Enrolment percentage');
    await shot(phone, 'naac-metrics-390');
  });

  it('the principal reads the NIRF data capture and scores', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'principal');
    await page.goto(`${baseUrl()}/nirf/`);
    await pickOption(page, 'Academic year', '2024-25');
    const scores = page.getByTestId('nirf-scores');
    // The working in words beside its inputs (the figures are worked by hand in nirf.test.ts): N = 180 a year × 4 years.
    await poll(() => scores.getByRole('row', { name: /TLR · FSR/ }).textContent()).toMatch(
      /FSR = 30 × \[15 × \(F\/N\)\], at most 30 \(1:15\), N = NT \+ NP; 0 when F\/N < 1:50 where F = [\d.]+ \(3-year mean\), NT = 720 \(3-year mean\), NP = 0 \(3-year mean\), N = NT \+ NP = 720: [\d.]+/,
    );
    await poll(() => page.getByTestId('nirf-heads').textContent()).toContain('GPH 40 + GUE 15 + GMS 25 + GPHD 20');
    await poll(() => page.getByText('Sanctioned (approved) intake and students admitted').count()).toBeGreaterThan(0);
    await shot(page, 'nirf-1366');

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'iqac');
    await phone.goto(`${baseUrl()}/nirf/`);
    await poll(() =>
      phone.getByText('Faculty-student ratio with emphasis on permanent faculty (expected 1:15)').count(),
    ).toBeGreaterThan(0);
    await shot(phone, 'nirf-390');
  });

  it('the IQAC dashboard links both', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'iqac');
    await page.goto(`${baseUrl()}/app/IQAC Incharge Dashboard`);
    const panel = page.getByTestId('quality-panel');
    await panel.getByRole('link', { name: 'NIRF data' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('NIRF data capture');
  });
});
