import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAM_HALL_MSG } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, sawToast, shot, signIn } from './harness';

/**
 * The exam halls: an exam of B.Tech IV-I (R22) with everyone registered is made through the API;
 * the screens then propose its timetable, show the clashes, add rooms and seat the first session.
 */
const NAME = `Exam halls (browser test ${Date.now().toString(36)})`;

/** The Monday at least `weeks` weeks ahead, plus `days`, yyyy-mm-dd. */
function mondayPlus(weeks: number, days = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ready();
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function api<T = any>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, url, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

describe('the exam halls', () => {
  it('proposes the timetable, shows clashes, adds rooms and seats a session with its room sheets', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'examcell');
    // the setup through the API as the admin (who reads the masters and is exam cell too)
    const signin = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
      username: 'admin',
      password: DEMO_PASSWORD,
      module: 'erp',
      domain: baseUrl(),
    });
    const { token } = JSON.parse(signin.text) as { token: string };
    const regulations = await api<{ items: Array<{ id: number; code: string; courseId?: number }> }>(
      token,
      'GET',
      '/api/masters/regulations?pageSize=500',
    );
    const r22 = regulations.items.find((r) => r.code === 'R22')!;
    const semesters = await api<{ items: Array<{ id: number; name: string; courseId?: number }> }>(
      token,
      'GET',
      '/api/masters/semesters?pageSize=500',
    );
    const sem = semesters.items.find((s) => s.name === 'IV-I' && (r22.courseId === undefined || s.courseId === r22.courseId))!;
    const { id } = await api(token, 'POST', '/api/exams', {
      name: NAME,
      kind: 'regular',
      regulationId: r22.id,
      semesterIds: [sem.id],
      registrationCloses: mondayPlus(1),
      startsOn: mondayPlus(2),
      endsOn: mondayPlus(2, 12),
      feePerPaperPaise: 0,
    });
    await api(token, 'PUT', `/api/exams/${id}`, { status: 'registration' });
    const reg = await api(token, 'POST', `/api/exams/${id}/registrations`, { everyone: true });
    expect(reg.registered).toBeGreaterThan(0);

    // Timetable: propose, then every paper has a date
    await page.goto(`${baseUrl()}/app/exams/${id}?tab=timetable`);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Propose timetable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Propose' }).click();
    await page.getByTestId('proposal').getByText('no student writes two papers in one session').waitFor();
    await sawToast(page, 'Timetable proposed');
    await page.getByTestId('clash-summary').getByText('No same-session clash').waitFor();
    expect(await page.getByRole('table', { name: 'Exam timetable' }).getByText('Not set').count()).toBe(0);
    await shots(page, 'exam-halls-timetable', () => page.getByRole('button', { name: 'Propose timetable' }).waitFor());

    // By hand: a Sunday is refused with the server's words; one CSE paper moved onto another's session clashes
    const tt = await api<{ papers: Array<{ id: number; code: string; branch: string; date: string; session: string }> }>(
      token,
      'GET',
      `/api/exams/${id}/timetable`,
    );
    const [first, second] = tt.papers.filter((p) => p.branch === 'CSE');
    await page.getByTestId(`paper-${second!.code}`).getByRole('button', { name: 'Change' }).click();
    const slot = page.getByRole('dialog');
    const sunday = mondayPlus(2, 6);
    await slot.getByTestId('slot-date').fill(sunday);
    await slot.getByRole('button', { name: 'Save' }).click();
    await slot.getByTestId('slot-error').getByText(EXAM_HALL_MSG.sunday(sunday)).waitFor();
    await slot.getByTestId('slot-date').fill(first!.date);
    await slot.getByRole('button', { name: 'Save' }).click();
    await slot.waitFor({ state: 'detached' });
    await page.getByTestId('clash-summary').getByText('30 students with two papers in one session').waitFor();

    // Clashes: the 30 CSE students on that session, with both papers
    await page.getByRole('tab', { name: 'Clashes' }).click();
    const group = page.getByTestId(`clash-${first!.date}-${first!.session}`);
    await group.getByText('30 students with two or more papers in this session').waitFor();
    await group.getByText('22A91A0501').waitFor();
    await shots(page, 'exam-halls-clashes', () => group.waitFor());
    // put it back
    await api(token, 'PUT', `/api/exams/${id}/timetable`, {
      papers: [{ paperId: second!.id, date: second!.date, session: second!.session }],
    });
    await page.reload();
    await page.getByTestId('no-session-clash').waitFor();

    // Rooms: the schema's message, then two rooms
    await page.getByRole('tab', { name: 'Rooms' }).click();
    await page.getByRole('button', { name: 'Add room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a room' });
    const stamp = Date.now().toString(36).slice(-4).toUpperCase();
    await dialog.getByLabel('Room').fill(`H${stamp}1`);
    await dialog.getByLabel('Rows').fill('30');
    await dialog.getByRole('button', { name: 'Add room' }).click();
    await dialog.getByText(EXAM_HALL_MSG.rows).waitFor();
    await dialog.getByLabel('Rows').fill('12');
    await dialog.getByLabel('Columns').fill('10');
    await expect.poll(() => dialog.getByTestId('room-seats').textContent()).toBe('120 seats');
    await shots(page, 'exam-halls-room-dialog', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Add room' }).click();
    await sawToast(page, `Room H${stamp}1 added: 120 seats`);
    await page.getByRole('button', { name: 'Add room' }).click();
    await dialog.getByLabel('Room').fill(`H${stamp}2`);
    await dialog.getByLabel('Block').fill('Block H');
    await dialog.getByLabel('Rows').fill('12');
    await dialog.getByLabel('Columns').fill('10');
    await dialog.getByRole('button', { name: 'Add room' }).click();
    await sawToast(page, `Room H${stamp}2 added: 120 seats`);
    await page.getByTestId(`room-H${stamp}2`).first().waitFor();
    await shots(page, 'exam-halls-rooms', () => page.getByTestId(`room-H${stamp}2`).first().waitFor());

    // Seating: the first session into the two rooms, in order
    await page.getByRole('tab', { name: 'Seating' }).click();
    const rooms = page.getByRole('combobox', { name: 'Rooms, in the order to fill' });
    for (const n of [1, 2]) {
      await rooms.click();
      await rooms.fill(`H${stamp}${n}`);
      await page.getByRole('option', { name: new RegExp(`^H${stamp}${n} `) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Plan seating' }).click();
    await page.getByTestId('seating-result').or(page.getByTestId('seating-error')).waitFor();
    const refused = page.getByTestId('seating-error');
    if (await refused.count()) throw new Error(`seating refused: ${await refused.textContent()}`);
    const card = page.getByTestId(`seating-room-H${stamp}1`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Show seats' }).click();
    await card.getByRole('grid').waitFor();
    await shots(page, 'exam-halls-seating', () => card.getByRole('grid').waitFor());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Room sheets' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^room-H${stamp}1-\\d{4}-\\d{2}-\\d{2}-(FN|AN)\\.pdf$`));
    await page.context().close();
  }, 180_000);
});
