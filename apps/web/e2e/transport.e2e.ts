import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, newPage, sawToast, shot, signIn } from './harness';

const STUDENT = '22A91A0501';

describe('transport office', () => {
  it('shows counts and certificate warnings on the incharge dashboard, and the fleet at both widths', async () => {
    const page = await newPage({ width: 1366 });
    await signIn(page, 'transport');
    await page.goto(`${baseUrl()}/app/Transportation Dashboard`);
    const panel = page.getByTestId('transport-panel');
    await panel.waitFor();
    await panel.getByTestId('expiry-warnings').waitFor();
    expect(await panel.getByTestId('transport-count-Vehicles').textContent()).toBe('8');
    expect(
      await panel
        .getByTestId('expiry-warnings')
        .getByText(/Insurance/)
        .count(),
    ).toBeGreaterThan(0);
    // One certificate lapsed: seeded 3 days before the seed date, so 3 or more days ago by now
    // (a run that crosses midnight sees 4). The text counts the days from its dd-mm-yyyy date.
    const lapsed = panel.getByTestId('expiry-warnings').locator('li', { hasText: /expired/ });
    expect(await lapsed.count()).toBe(1);
    const [dd, mm, yyyy] = (/(\d{2})-(\d{2})-(\d{4})/.exec(await lapsed.innerText()) ?? []).slice(1);
    const ago = Math.round((Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse(`${yyyy}-${mm}-${dd}`)) / 86_400_000);
    expect(ago).toBeGreaterThanOrEqual(3);
    expect(await lapsed.innerText()).toContain(`expired ${ago} days ago`);
    await shot(page, 'transport-dashboard-1366');

    await page.getByRole('link', { name: 'Vehicle Details' }).click();
    await page.getByRole('heading', { name: 'Vehicles' }).waitFor();
    await page.getByRole('table', { name: 'Vehicles' }).waitFor();
    // The table is drawn while it loads (skeleton rows): wait for the rows themselves.
    await page.locator('[data-testid^="vehicle-row-AP03TA"]').first().waitFor();
    expect(await page.locator('[data-testid^="vehicle-row-AP03TA"]').count()).toBe(8);
    await shot(page, 'transport-vehicles-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'transport-vehicles-390');
    await page.context().close();
  });

  it('issues a pass from the passes page, refuses a bad vehicle registration, and records a fuel fill with its km per litre', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'transport');
    await page.goto(`${baseUrl()}/app/Transport/Passes`);
    await page.getByRole('table', { name: 'Bus passes' }).waitFor();

    await page.getByRole('button', { name: 'Issue pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue a bus pass' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Staff' }).click();
    await dialog.getByTestId('pass-holder').fill('principal');
    await page.getByRole('option', { name: /^principal · / }).click();
    await dialog.getByLabel('Route').click();
    await page.getByRole('option', { name: /^R1 · / }).click();
    await dialog.getByLabel('Stop').click();
    await page.getByRole('option', { name: /Alipiri/ }).click();
    await shot(page, 'transport-issue-pass-1366');
    await dialog.getByRole('button', { name: 'Issue pass' }).click();
    await page.getByTestId('pass-row-principal').waitFor();
    expect(await page.getByTestId('pass-row-principal').textContent()).toContain('Alipiri');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pass PDF for principal' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bus-pass-SVEC-TP-\d{5}\.pdf$/);
    await shot(page, 'transport-passes-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'transport-passes-390');
    await page.setViewportSize({ width: 1366, height: 800 });

    // A vehicle with a registration number that is not Indian: the form says so.
    await page.goto(`${baseUrl()}/app/Transport/Vehicles`);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const vd = page.getByRole('dialog', { name: 'Add a vehicle' });
    await vd.getByTestId('vehicle-regNo').fill('XY12AB1234');
    await vd.getByRole('button', { name: 'Save' }).click();
    await vd.getByText('Enter an Indian registration number such as TS09AB1234').waitFor();
    await vd.getByRole('button', { name: 'Cancel' }).click();

    // A fuel fill: the server works out km per litre from the last fill of that bus.
    await page.goto(`${baseUrl()}/app/Transport/Expenses`);
    await page.getByRole('table', { name: 'Expenses' }).waitFor();
    await page.getByRole('button', { name: 'Add expense' }).click();
    const ed = page.getByRole('dialog', { name: 'Add an expense' });
    await ed.getByLabel('Vehicle').click();
    await page.getByRole('option').first().click();
    await ed.getByTestId('expense-amount').fill('9450');
    await ed.getByTestId('expense-litres').fill('100');
    await ed.getByTestId('expense-odometer').fill('1');
    await ed.getByRole('button', { name: 'Save' }).click();
    // Odometer 1 km is below the bus's last fill: refused with the server's message.
    await ed
      .getByTestId('expense-error')
      .getByText(/is not above the previous fuel reading/)
      .waitFor();
    // The first bus of the list and its last fill: 420 km on 100 litres is 4.20 km per litre.
    const auth = { authorization: `Bearer ${token}` };
    const bus = JSON.parse((await apiCall('GET', '/api/transport/vehicles', undefined, 'localhost', auth)).text)[0];
    const fills = JSON.parse(
      (await apiCall('GET', `/api/transport/expenses?vehicleId=${bus.id}&category=fuel&pageSize=1`, undefined, 'localhost', auth))
        .text,
    );
    await ed.getByTestId('expense-odometer').fill(String(fills.items[0].odometerKm + 420));
    await ed.getByRole('button', { name: 'Save' }).click();
    await ed.waitFor({ state: 'hidden' });
    await page.getByText('Saved: 4.20 km/l').waitFor();
    await shot(page, 'transport-expenses-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'transport-expenses-390');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.goto(`${baseUrl()}/app/Transport/Routes`);
    await page.getByTestId('route-R1').waitFor();
    await shot(page, 'transport-routes-1366');
    await page.goto(`${baseUrl()}/app/Transport/Reports`);
    await page.getByTestId('report-totals').waitFor();
    await page.getByRole('table', { name: 'Cost per route' }).waitFor();
    await shot(page, 'transport-report-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'transport-report-390');
    await page.context().close();
  });

  it('shows the demo student their own pass with a download', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, STUDENT);
    await page.goto(`${baseUrl()}/app/Student`);
    const panel = page.getByTestId('my-bus-pass');
    await panel.getByRole('button', { name: 'Download pass' }).waitFor();
    expect(await panel.textContent()).toContain('R1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download pass' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bus-pass-SVEC-TP-00001\.pdf$/);
    await shot(page, 'transport-student-pass-390');
    await page.context().close();
  });

  it('cancels a student’s pass with the last day on the bus: a future day is refused, and the toast says what of the fare is kept', async () => {
    const page = await newPage({ width: 1366 });
    const { token } = await signIn(page, 'transport');
    const auth = { authorization: `Bearer ${token}` };
    // A seeded student's pass away from R5 (another file cancels there) and not the demo student's.
    const list = JSON.parse((await apiCall('GET', '/api/transport/passes?status=active&pageSize=100', undefined, 'localhost', auth)).text);
    const pass = list.items.find(
      (p: { holderType: string; holderRef: string; routeCode: string; fareLedger: unknown }) =>
        p.holderType === 'student' && p.holderRef !== STUDENT && p.routeCode !== 'R5' && p.fareLedger,
    );
    expect(pass).toBeTruthy();
    await page.goto(`${baseUrl()}/app/Transport/Passes`);
    await page.getByRole('table', { name: 'Bus passes' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search passes' }).fill(pass.holderRef);
    const row = page.getByTestId(`pass-row-${pass.holderRef}`);
    await row.waitFor();
    await page.getByRole('button', { name: `Cancel pass of ${pass.holderRef}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel pass ${pass.passNo}` });
    await dialog.waitFor();
    await dialog.getByLabel('Reason').fill('Moved to the hostel');
    await dialog.getByLabel('Last day on the bus').fill('2199-01-01');
    await dialog.getByRole('button', { name: 'Cancel pass' }).click();
    await dialog.getByText('The day the pass ends cannot be in the future').waitFor();
    await shot(page, 'transport-cancel-pass-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'transport-cancel-pass-390');
    await page.setViewportSize({ width: 1366, height: 800 });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Last day on the bus').fill(today);
    await dialog.getByRole('button', { name: 'Cancel pass' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sawToast(page, `Pass ${pass.passNo} cancelled; ₹`);
    // The list shows active passes: the cancelled one leaves it.
    await row.waitFor({ state: 'detached' });
    // The ledger holds what the toast said: the fare line now owes nothing beyond what is kept.
    const after = JSON.parse((await apiCall('GET', `/api/transport/passes?q=${pass.holderRef}&status=all`, undefined, 'localhost', auth)).text);
    expect(after.items.find((p: { id: number }) => p.id === pass.id)).toMatchObject({ status: 'cancelled' });
    await page.context().close();
  });
});
