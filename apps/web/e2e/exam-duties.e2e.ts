import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DUTY_MSG, landingFor } from '@erp/shared';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pdfText, sawToast, shot, signIn } from './harness';

/**
 * The exam cell's duties on the demo's November 2026 regular exam (seating, roster and numbered
 * scripts made by the demo): a faculty member's own duties and a swap asked by the HOD, then the
 * exam cell's roster, answer scripts and hall-ticket printing.
 *
 * The demo's roster (made with 30 students an invigilator, fewest duties first, ties by id) gives
 * Farida Rao (the `faculty` login) A101 on 07-12-2026 FN and 11-12-2026 FN, and Dr. Suresh Kumar
 * (the `hod` login) A101 on 07-12-2026 FN and A103 on 10-12-2026 FN; his CSE colleagues all teach
 * a paper of that session, so a swap to one of them is refused and the test adds a free colleague.
 */
const EXAM = 'B.Tech IV Year I Semester Regular Examinations, November 2026';
const SUPPLY = 'B.Tech II Year I Semester Supplementary Examinations, December 2026';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const NEW_COLLEAGUE = `Invigilator Test ${stamp}`;


async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ready();
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function tokenOf(username: string): Promise<string> {
  const res = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  return (JSON.parse(res.text) as { token: string }).token;
}

async function api<T = any>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, url, body, 'localhost', { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

async function examId(token: string, name: string): Promise<number> {
  const exams = await api<Array<{ id: number; name: string }>>(token, 'GET', '/api/exams');
  return exams.find((e) => e.name === name)!.id;
}

describe('exam duties', () => {
  it('shows a faculty member their duties; the HOD asks to swap one, refused for a busy colleague and sent for a free one', async () => {
    const cell = await tokenOf('examcell');
    const id = await examId(cell, EXAM);
    // a CSE colleague with no class and no leave: free in every session
    const admin = await tokenOf('admin');
    await api(admin, 'POST', '/api/masters/faculty', {
      empCode: `INV-${stamp}`,
      fullName: NEW_COLLEAGUE,
      email: `inv-${stamp.toLowerCase()}@example.org`,
      department: 'CSE',
      designation: 'Assistant Professor',
      qualification: 'M.Tech',
      phd: false,
      dateOfJoining: '2024-06-01',
    });
    const roster = await api<{ duties: Array<{ id: number; date: string; session: string; room: string; faculty: string }> }>(
      cell,
      'GET',
      `/api/exams/${id}/invigilation`,
    );
    const hodDuty = roster.duties.find((d) => d.faculty === 'Dr. Suresh Kumar' && d.date === '2026-12-10')!;
    expect(hodDuty).toMatchObject({ session: 'FN', room: 'A103' });

    // Farida Rao: her two duties, dd-mm-yyyy; the swap dialog offers only colleagues free in that session
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'faculty');
    await page.goto(`${baseUrl()}${landingFor(['ROLE_FACULTY'])}`);
    await page.getByTestId('my-duties-panel').getByText('2 duties ahead; next: A101 on 07-12-2026 FN.').waitFor();
    await page.getByTestId('my-duties-panel').getByRole('link', { name: 'My invigilation duties' }).click();
    await page.getByRole('heading', { name: 'My invigilation duties' }).waitFor();
    const table = page.getByRole('table', { name: 'My invigilation duties' });
    await table.getByRole('row').filter({ hasText: '07-12-2026' }).filter({ hasText: 'A101' }).waitFor();
    await table.getByRole('row').filter({ hasText: '11-12-2026' }).filter({ hasText: 'A101' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3); // the header and two duties
    await shots(page, 'exam-duties-mine', () => page.getByRole('heading', { name: 'My invigilation duties' }).waitFor());
    await table.getByRole('row').filter({ hasText: '11-12-2026' }).getByRole('button', { name: 'Ask to swap' }).click();
    const mine = page.getByRole('dialog', { name: 'Ask to swap a duty' });
    const pick = mine.getByRole('combobox', { name: 'Colleague to take it' });
    await pick.click();
    await pick.fill(NEW_COLLEAGUE);
    await page.getByRole('option', { name: `${NEW_COLLEAGUE} (CSE)` }).waitFor();
    await page.keyboard.press('Escape');
    await mine.getByRole('button', { name: 'Cancel' }).click();

    // The HOD: the schema's messages; a colleague on duty then is not offered, a free one is
    const hod = await newPage({ width: 1366, height: 900 });
    await signIn(hod, 'hod');
    await hod.goto(`${baseUrl()}/app/exams/my-duties`);
    const row = hod.getByTestId(`my-duty-${hodDuty.id}`);
    await row.getByText('10-12-2026').waitFor();
    await row.getByRole('button', { name: 'Ask to swap' }).click();
    const dialog = hod.getByRole('dialog', { name: 'Ask to swap a duty' });
    await dialog.getByRole('button', { name: 'Ask to swap' }).click();
    await dialog.getByText('Choose who takes the duty').waitFor();
    await dialog.getByText('Give the reason (5 to 300 characters)').waitFor();
    const who = dialog.getByRole('combobox', { name: 'Colleague to take it' });
    await who.click();
    await who.fill('Farida');
    await hod.getByText('No options').waitFor();
    await dialog.getByLabel('Reason').fill('Paper-setting meeting at the university');
    await shots(hod, 'exam-duties-swap-dialog', () => dialog.getByLabel('Reason').waitFor());
    await who.click();
    await who.fill(NEW_COLLEAGUE);
    await hod.getByRole('option', { name: `${NEW_COLLEAGUE} (CSE)` }).click();
    await dialog.getByRole('button', { name: 'Ask to swap' }).click();
    await sawToast(hod, `Swap asked: ${NEW_COLLEAGUE} would take A103 on 10-12-2026 FN`);
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(`Swap to ${NEW_COLLEAGUE} waiting`).waitFor();
    expect(await row.getByRole('button', { name: 'Ask to swap' }).count()).toBe(0);
    await page.context().close();
    await hod.context().close();
  });

  it(
    'the exam cell is refused a roster before seating, decides the swap, prints a duty letter and makes the roster again',
    async () => {
      const cell = await tokenOf('examcell');
      const id = await examId(cell, EXAM);
      const supply = await examId(cell, SUPPLY);
      const page = await newPage({ width: 1366, height: 900 });
      await signIn(page, 'examcell');

      // the supplementary exam has no seating: the 409 is an alert
      await page.goto(`${baseUrl()}/app/exams/${supply}?tab=invigilation`);
      await page.getByRole('button', { name: 'Make the roster' }).click();
      await page.getByTestId('roster-error').getByText(DUTY_MSG.noSeating).waitFor();

      await page.goto(`${baseUrl()}/app/exams/${id}?tab=invigilation`);
      const duties = page.getByRole('table', { name: 'Invigilation duties' });
      await duties.getByText('07-12-2026').first().waitFor();
      // the swap the HOD asked for (the test before), approved
      const swap = page.getByTestId('swaps-waiting');
      await swap.getByText(NEW_COLLEAGUE).waitFor();
      await shots(page, 'exam-duties-invigilation', () => swap.waitFor());
      await swap.getByRole('button', { name: 'Approve' }).first().click();
      await sawToast(page, `Swap approved: ${NEW_COLLEAGUE} takes A103 on 10-12-2026 FN`);
      const after = await api<{ duties: Array<{ date: string; room: string; faculty: string }> }>(
        cell,
        'GET',
        `/api/exams/${id}/invigilation`,
      );
      expect(after.duties.filter((d) => d.faculty === NEW_COLLEAGUE).map((d) => `${d.date} ${d.room}`)).toEqual([
        '2026-12-10 A103',
      ]);

      // the schema's bounds
      await page.getByTestId('per-invigilator').fill('5');
      await page.getByRole('button', { name: 'Make the roster' }).click();
      await page.getByText('At least 10 students an invigilator').waitFor();

      // Dr. Suresh Kumar's letter: his one duty left, A101 on 07-12-2026
      const load = page.getByTestId('load-table');
      await load.getByRole('searchbox').fill('Suresh');
      const [letter] = await Promise.all([
        page.waitForEvent('download'),
        load.getByRole('row').filter({ hasText: 'Dr. Suresh Kumar' }).getByRole('button', { name: 'Duty letter' }).click(),
      ]);
      const { text } = await pdfText(await fs.promises.readFile((await letter.path())!));
      expect(text).toContain('Dr. Suresh Kumar');
      expect(text).toContain('07-12-2026');
      expect(text).not.toContain('10-12-2026');

      // again with 30 a room: the demo's 42 duties (150 students a session in rooms of up to 48 seats)
      await page.getByTestId('per-invigilator').fill('30');
      await page.getByRole('button', { name: 'Make the roster' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Make again' }).click();
      await expect
        .poll(() => page.getByTestId('roster-result').textContent())
        .toMatch(/^42 duties given to \d+ faculty members$/);
      await page.context().close();
    },
  );

  it(
    'answer scripts: numbered, filtered by room and session, marked absent with the messages, labels printed',
    async () => {
      const cell = await tokenOf('examcell');
      const id = await examId(cell, EXAM);
      const page = await newPage({ width: 1366, height: 900 });
      await signIn(page, 'examcell');
      await page.goto(`${baseUrl()}/app/exams/${id}?tab=scripts`);
      await page.getByRole('button', { name: 'Number the answer scripts' }).click();
      await page.getByTestId('scripts-result').getByText('Every answer script already has its number').waitFor();
      const before = await api<{ counts: { absent: number } }>(cell, 'GET', `/api/exams/${id}/scripts`);

      // A101 on 07-12-2026 FN
      await page.getByLabel('Date').click();
      await page.getByRole('option', { name: '07-12-2026' }).click();
      await page.getByLabel('Session').click();
      await page.getByRole('option', { name: 'Forenoon (FN)' }).click();
      await page.getByLabel('Room').click();
      await page.getByRole('option', { name: 'A101', exact: true }).click();
      const table = page.getByRole('table', { name: 'Answer scripts' });
      const script = table.getByRole('row').filter({ hasText: '22A91A0101' });
      await script.waitFor();
      const dummyNo = (await script.getByRole('cell').first().textContent())!.trim();
      expect(dummyNo).toMatch(/^\d{8}$/);
      // at 390 px the rows are cards, each named by its dummy number
      await shots(page, 'exam-duties-scripts', () => page.getByTestId(`script-${dummyNo}`).first().waitFor());

      // Mark: the schema's message per field, a roll number not seated there, then absent
      await page.getByRole('button', { name: 'Mark', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark answer scripts of a room' });
      const row0 = dialog.getByTestId('mark-row-0');
      await row0.getByLabel('Roll no').fill('22A91A0101');
      await row0.getByRole('combobox').click();
      await page.getByRole('option', { name: 'Malpractice' }).click();
      await row0.getByLabel('Remark').fill('chit');
      await dialog.getByRole('button', { name: 'Save marks' }).click();
      await row0.getByText('Describe the malpractice of 22A91A0101 (at least 5 characters)').waitFor();
      await row0.getByLabel('Roll no').fill('22A91A9999');
      await row0.getByRole('combobox').click();
      await page.getByRole('option', { name: 'Absent' }).click();
      await dialog.getByRole('button', { name: 'Save marks' }).click();
      await row0.getByText(DUTY_MSG.notInRoom('22A91A9999')).waitFor();
      await shots(page, 'exam-duties-mark-dialog', () => dialog.waitFor());
      await row0.getByLabel('Roll no').fill('22A91A0101');
      await dialog.getByRole('button', { name: 'Save marks' }).click();
      await sawToast(page, '1 answer scripts marked');
      await script.getByText('Absent').waitFor();
      await page
        .getByTestId('script-counts')
        .getByText(`Absent: ${before.counts.absent + 1}`)
        .waitFor();

      // the labels of the filter: the dummy number, never the roll number
      const [labels] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Labels PDF' }).click(),
      ]);
      const { text } = await pdfText(await fs.promises.readFile((await labels.path())!));
      expect(text).toContain(dummyNo);
      expect(text).not.toContain('22A91A0101');

      // put the demo back
      const seat = await api<{ rooms: Array<{ roomId: number; name: string }> }>(
        cell,
        'GET',
        `/api/exams/${id}/seating?date=2026-12-07&session=FN`,
      );
      await api(cell, 'PUT', `/api/exams/${id}/scripts`, {
        roomId: seat.rooms.find((r) => r.name === 'A101')!.roomId,
        date: '2026-12-07',
        session: 'FN',
        marks: [{ rollNo: '22A91A0101', status: 'written' }],
      });
      await page.context().close();
    },
  );

  it("prints a branch's issued hall tickets as one PDF, its progress shown", async () => {
    const cell = await tokenOf('examcell');
    const id = await examId(cell, EXAM);
    // CSE's issued tickets, counted from the eligibility list page by page
    let cse = 0;
    for (let p = 1; ; p++) {
      const e = await api<{ items: Array<{ branch: string; hallTicket: boolean }>; total: number; limit: number }>(
        cell,
        'GET',
        `/api/exams/${id}/eligibility?page=${p}`,
      );
      cse += e.items.filter((r) => r.branch === 'CSE' && r.hallTicket).length;
      if (p * e.limit >= e.total) break;
    }
    expect(cse).toBeGreaterThan(0);
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'examcell');
    await page.goto(`${baseUrl()}/app/exams/${id}?tab=hall-tickets`);
    const box = page.getByTestId('print-tickets');
    await box.getByLabel('Branch to print').click();
    await page.getByRole('option', { name: 'CSE', exact: true }).click();
    await box.getByRole('button', { name: 'Make the PDF' }).click();
    await expect
      .poll(() => box.getByTestId('print-count').textContent(), { timeout: 30_000 })
      .toBe(`Ready: ${cse} hall tickets of CSE`);
    await shots(page, 'exam-duties-print', () => box.waitFor());
    const [pdf] = await Promise.all([page.waitForEvent('download'), box.getByRole('button', { name: 'Download' }).click()]);
    expect((await pdfText(await fs.promises.readFile((await pdf.path())!))).pages).toBe(cse);
    await page.context().close();
  });
});
