import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HOSTEL_MSG, HOSTEL_PATHS } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, sawToast, shot, signIn } from './harness';

/**
 * Undo and pro-rata at the hostel office: cancelling an allotment made by mistake, and the vacate
 * dialog's figures before the checkout is confirmed. The test builds its own block and allots
 * students who hold no bed and have no application waiting, so no other test's rows move.
 */
const INCHARGE = 'hostel';
const go = (page: Page, path: string) => page.goto(`${baseUrl()}${encodeURI(path)}`);

async function call<T>(username: string, method: string, path: string, body?: unknown): Promise<T> {
  const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  const token = JSON.parse(signin.text).token as string;
  const res = await apiCall(method, path, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

type Student = { rollNo: string; fullName: string; gender: string };

/** A block of two single rooms at ₹60,000 a year, and two boys from the end of the rolls with no bed and no application. */
async function setUp() {
  const stamp = Date.now().toString(36).toUpperCase();
  const block = await call<{ id: number; name: string }>(INCHARGE, 'POST', '/api/hostel/buildings', {
    name: `Undo Block ${stamp}`,
    kind: 'BOYS',
  });
  await call(INCHARGE, 'POST', `/api/hostel/buildings/${block.id}/rooms`, {
    floorFrom: 1,
    floorTo: 1,
    roomFrom: 1,
    roomTo: 2,
    sharing: 1,
    ac: false,
    yearlyFee: 6_000_000,
  });
  const board = await call<{ rooms: Array<{ beds: Array<{ id: number }> }> }>(
    INCHARGE,
    'GET',
    `/api/hostel/occupancy?buildingId=${block.id}`,
  );
  const beds = board.rooms.flatMap((r) => r.beds.map((b) => b.id));
  const { total } = await call<{ total: number }>('admin', 'GET', '/api/masters/students?pageSize=1');
  const last = await call<{ items: Student[] }>(
    'admin',
    'GET',
    `/api/masters/students?pageSize=200&page=${Math.ceil(total / 200)}`,
  );
  // (A plain list, or a capped one: { items, total, limit }.)
  type Applications = Array<{ rollNo: string }> | { items: Array<{ rollNo: string }> };
  const pending = await call<Applications>(INCHARGE, 'GET', '/api/hostel/applications?status=PENDING');
  const waiting = new Set((Array.isArray(pending) ? pending : pending.items).map((a) => a.rollNo));
  const chosen: Array<Student & { allotmentId: number; allotmentNo: string }> = [];
  for (const s of last.items.filter((x) => x.gender.toUpperCase() === 'MALE' && !waiting.has(x.rollNo)).reverse()) {
    if (chosen.length === 2) break;
    const held = await call<{ total: number }>(INCHARGE, 'GET', `/api/hostel/allotments?status=ALL&q=${s.rollNo}`);
    if (held.total > 0) continue;
    const a = await call<{ id: number; allotmentNo: string; dues: number }>(INCHARGE, 'POST', '/api/hostel/allotments', {
      rollNo: s.rollNo,
      bedId: beds[chosen.length],
      academicYear: '2026-2027',
      fromDate: '2026-07-01',
    });
    chosen.push({ ...s, allotmentId: a.id, allotmentNo: a.allotmentNo });
  }
  expect(chosen).toHaveLength(2);
  // The leaver has paid the year (and any deposit the college takes) at the hostel office.
  const { dues } = await call<{ dues: number }>(INCHARGE, 'GET', `/api/hostel/allotments/${chosen[1].allotmentId}`);
  await call(INCHARGE, 'POST', `/api/hostel/allotments/${chosen[1].allotmentId}/payments`, {
    amount: dues,
    paidOn: '2026-07-01',
  });
  return { block, mistake: chosen[0], leaver: chosen[1] };
}

async function openResident(page: Page, rollNo: string) {
  await go(page, HOSTEL_PATHS.residents);
  await page.getByLabel('Search roll no, name or room').fill(rollNo);
  const row = page.getByTestId('resident-row').filter({ hasText: rollNo });
  await row.waitFor();
  return row;
}

describe('hostel undo and pro-rata', () => {
  it('the incharge cancels an allotment made by mistake, and sees what a checkout keeps before confirming it', async () => {
    const { mistake, leaver } = await setUp();
    const settings = await call<{ leavingBasis: 'month' | 'semester'; hostelCautionDepositPaise: number }>(
      'accountsofficer',
      'GET',
      '/api/accounts/settings',
    );
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, INCHARGE);

    // Cancel: the reason is asked for, then the bed is free and the record says why.
    const row = await openResident(page, mistake.rollNo);
    await row.getByRole('button', { name: mistake.fullName }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(mistake.rollNo) });
    await detail.getByRole('button', { name: 'Cancel allotment' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel allotment ${mistake.allotmentNo}?` });
    await confirm.getByRole('button', { name: 'Cancel allotment' }).click();
    await confirm.getByText(HOSTEL_MSG.cancelReason).waitFor();
    await confirm.getByLabel('Reason').fill('Allotted to the wrong roll number');
    await shot(page, 'hostel-cancel-dialog-1366');
    await confirm.getByRole('button', { name: 'Cancel allotment' }).click();
    await sawToast(page, `Allotment ${mistake.allotmentNo} of ${mistake.fullName} cancelled`);
    await confirm.waitFor({ state: 'hidden' });
    await detail.getByTestId('cancelled-note').getByText('Allotment cancelled: Allotted to the wrong roll number').waitFor();
    expect(await detail.getByRole('button', { name: 'Cancel allotment' }).count()).toBe(0);
    await shot(page, 'hostel-cancelled-detail-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'hostel-cancelled-detail-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await detail.getByRole('button', { name: 'Close' }).click();
    await row.waitFor({ state: 'detached' });

    // Vacate preview: ₹60,000 a year from July, paid; leaving 15 October keeps July–October by the
    // month (₹20,000) or the first semester May–October (₹30,000). The rest paid comes back, and
    // ₹500 damages are set against the deposit (if the college takes one) or that money.
    const [kept, freed] = settings.leavingBasis === 'month' ? [2_000_000, 4_000_000] : [3_000_000, 3_000_000];
    const deposit = settings.hostelCautionDepositPaise;
    const inr = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;
    const leaverRow = await openResident(page, leaver.rollNo);
    await leaverRow.getByRole('button', { name: 'Vacate' }).click();
    const vacate = page.getByRole('dialog', { name: /Vacate/ });
    await vacate.getByLabel('Vacate date').fill('2026-10-15');
    const preview = vacate.getByTestId('vacate-preview');
    await preview.getByText(`${inr(kept)} of ₹60,000`).waitFor();
    await preview.getByText(`charged by the ${settings.leavingBasis}`).waitFor();
    await preview
      .getByText(inr(freed + deposit), { exact: true })
      .first()
      .waitFor();
    await vacate.getByRole('button', { name: 'Add damage' }).click();
    await vacate.getByLabel('Item').fill('Cracked mirror');
    await vacate.getByLabel('₹', { exact: true }).fill('500');
    await preview.getByText('₹500', { exact: true }).waitFor();
    await preview.getByText(inr(freed + deposit - 50_000), { exact: true }).waitFor();
    expect(await preview.getByText('Still owed').locator('..').innerText()).toContain('₹0');
    await shot(page, 'hostel-vacate-preview-1366');
    await vacate.getByLabel('Vacate date').fill('2026-06-30');
    await vacate.getByText(HOSTEL_MSG.vacateBeforeAllotment).waitFor();
    await vacate.getByLabel('Vacate date').fill('2026-10-15');
    await preview.getByText(`${inr(kept)} of ₹60,000`).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'hostel-vacate-preview-390');
    // Confirmed: the office's answer names the fee kept and the credit the accounts office holds.
    await vacate.getByRole('button', { name: 'Vacate', exact: true }).click();
    await sawToast(page, `room fee ${inr(kept)} of ₹60,000 kept`);
    await leaverRow.waitFor({ state: 'detached' });

    // The cancelled allotment is listed under Cancelled, on a phone too.
    await go(page, HOSTEL_PATHS.residents);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.getByLabel('Search roll no, name or room').fill(mistake.rollNo);
    await page
      .getByTestId('resident-row')
      .filter({ hasText: mistake.rollNo })
      .getByText(/cancelled \d{2}-\d{2}-\d{4}/)
      .waitFor();
    await shot(page, 'hostel-residents-cancelled-390');
    await page.context().close();
  }, 180_000);
});
