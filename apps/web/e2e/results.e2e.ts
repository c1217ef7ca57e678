import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, newPage, pdfText, shot, signIn } from './harness';

const REGULAR = 'B.Tech Regular Examinations November 2025';
const SUPPLY = 'B.Tech Supplementary Examinations February 2026';
const SECOND = '22A91A0502'; // one failed and one absent course in the regular title

async function lookup(page: Page, rollNo: string) {
  const input = page.getByLabel('Roll Number');
  await input.fill(rollNo);
  await page.getByRole('button', { name: 'Get Result' }).click();
}

describe('public exam results', () => {
  it('lists the titles, looks up a result with pass and fail rows, downloads the memo and verifies it', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/examresults`);
    await page.getByTestId('results-banner').waitFor();
    const titles = page.getByRole('link', { name: /Examinations/ });
    await titles.first().waitFor();
    // The demo college also shows the final exams of the graduated batches its NAAC history seeds.
    const archive = [2025, 2024, 2023, 2022].map((y) => `B.Tech IV-II Regular Examinations ${y} (archive)`);
    // ... and the exam cell's April 2026 exam and its August supplementary, published by the demo's exam cell
    const examCell = [
      'B.Tech III Year II Semester Supplementary Examinations, August 2026',
      'B.Tech III Year II Semester Regular Examinations, April 2026',
    ];
    await expect.poll(() => titles.allTextContents()).toEqual([...examCell, ...archive, SUPPLY, REGULAR]);
    await shot(page, 'results-titles-1280');
    await page.getByRole('link', { name: REGULAR }).click();
    await page.waitForURL(/\/results\//);
    await page.getByRole('heading', { name: REGULAR }).waitFor();

    // The spec's messages: empty roll number, and a roll number without results.
    await page.getByRole('button', { name: 'Get Result' }).click();
    await page.getByText('Please enter Roll Number').waitFor();
    await lookup(page, '99X99X9999');
    await page.getByText('No data found').waitFor();

    // Only the part before the first space is used.
    await lookup(page, `${SECOND.toLowerCase()} Some Name`);
    await page.getByTestId('result-card').waitFor();
    expect(await page.getByTestId('student-roll').textContent()).toBe(SECOND);
    expect(await page.locator('[data-testid=result-row][data-status=pass]').count()).toBe(6);
    const failed = page.locator('[data-testid=result-row][data-status=fail]');
    expect(await failed.count()).toBe(2);
    expect(await failed.first().textContent()).toContain('Fail');
    const passBg = await page
      .locator('[data-testid=result-row][data-status=pass]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const failBg = await failed.first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(passBg).not.toBe(failBg);
    expect(await page.getByTestId('stat-passed').textContent()).toBe('6');
    expect(await page.getByTestId('stat-failed').textContent()).toBe('2');
    expect(await page.getByTestId('stat-total-credits').textContent()).toBe('20');
    const sgpa = await page.getByTestId('stat-sgpa').textContent();
    expect(sgpa).toMatch(/^\d\.\d\d$/);
    const name = await page.getByTestId('student-name').textContent();
    await shot(page, 'results-lookup-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Marks-Memo-${SECOND}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).text;
    expect(text).toContain(SECOND);
    expect(text).toContain(name!);
    expect(text).toContain(sgpa!);
    const verifyUrl = /http:\/\/localhost:\d+\/verify\/[A-Za-z0-9_-]{20}/.exec(text)![0];

    // Changing the roll number clears the result.
    await page.getByLabel('Roll Number').fill('22A91A05');
    expect(await page.getByTestId('result-card').count()).toBe(0);

    await page.goto(verifyUrl);
    const verdict = page.getByTestId('verify-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-genuine')).toBe('true');
    expect(await verdict.textContent()).toContain('Genuine memo');
    expect(await page.getByTestId('student-roll').textContent()).toBe(SECOND);
    expect(await page.getByTestId('stat-sgpa').textContent()).toBe(sgpa);
    await shot(page, 'results-verify-genuine-1280');

    await page.goto(`${baseUrl()}/verify/ForgedCode0000000000`);
    await page.getByText('Not genuine').waitFor();
    expect(await page.getByTestId('verify-verdict').getAttribute('data-genuine')).toBe('false');
    await shot(page, 'results-verify-forged-1280');
  });

  it('shows the failure messages of the lookup and the download', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await page.goto(`${baseUrl()}/results/${encodeURIComponent(REGULAR)}`);
    await lookup(page, '22A91A0501');
    await page.getByTestId('result-card').waitFor();
    // A supplementary pass replaced this student's failed course.
    expect(await page.locator('[data-testid=result-item]', { hasText: `from ${SUPPLY}` }).count()).toBe(1);
    await shot(page, 'results-lookup-360');

    await page.route('**/getExamResultByRollNoReport**', (r) =>
      r.fulfill({ json: { success: 'False', message: 'No data found to download' } }),
    );
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByText('No data found to download').waitFor();
    await page.unroute('**/getExamResultByRollNoReport**');
    await page.route('**/getExamResultByRollNoReport**', (r) => r.abort());
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByText('Failed to download').waitFor();

    await page.route('**/getExamResultByRollNoView**', (r) => r.fulfill({ status: 500, json: { message: 'boom' } }));
    await lookup(page, '22A91A0501');
    await page.getByText('Failed to get results').waitFor();
    expect(await page.getByTestId('result-card').count()).toBe(0);
  });
});

describe('exam cell results entry', () => {
  it('checks and uploads a sheet, lists the rejects, and publishes the new title', async () => {
    const title = 'B.Tech II-II Regular Examinations May 2026';
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Results');
    ws.addRow(['Roll Number', 'Exam Title', 'Regular/Supply', 'Course Code', 'Course', 'Credits', 'Marks (% or AB)']);
    ws.addRow(['22A91A0503', title, 'Regular', 'CS401', 'Operating Systems', 3, 91]);
    ws.addRow(['22A91A0503', title, 'Regular', 'CS402', 'Computer Networks', 3, 'AB']);
    ws.addRow(['99X99X9999', title, 'Regular', 'CS401', 'Operating Systems', 3, 70]);
    ws.addRow(['22A91A0504', title, 'Regular', 'CS401', 'Operating Systems', 3, 120]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    const page = await newPage();
    await signIn(page, 'examcell');
    await page.goto(`${baseUrl()}/app/Examinations`);
    await page.getByTestId('exam-cell-panel').waitFor();
    await page.getByRole('link', { name: 'Results Entry' }).first().click();
    await page.getByRole('heading', { name: 'Results Entry' }).waitFor();

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('exam-results-template.xlsx');

    await page
      .getByLabel('Results Excel file')
      .setInputFiles({ name: 'may-2026.xlsx', mimeType: 'application/octet-stream', buffer: file });
    // The titles list is on screen before the check, and the check refetches it (the import
    // invalidates it): a dry run that saved anything would show its new title in the refetch.
    await page.getByTestId('title-row').first().waitFor();
    const refetched = page.waitForResponse((r) => r.url().endsWith('/api/exam-results/titles') && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'Check Only' }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('Would save 2 rows, rejected 2');
    expect(await page.getByTestId('rejected-row').allTextContents()).toEqual([
      '4Roll Number 99X99X9999 is not a student of this college',
      '5Marks must be a percentage from 0 to 100, or AB',
    ]);
    const titlesAfterCheck = (await (await refetched).json()) as Array<{ title: string }>;
    expect(titlesAfterCheck.length).toBeGreaterThan(0);
    expect(titlesAfterCheck.map((t) => t.title)).not.toContain(title);
    await expect.poll(() => page.getByTestId('title-row').count()).toBe(titlesAfterCheck.length);
    expect(await page.getByRole('row', { name: new RegExp(title) }).count()).toBe(0);

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Saved 2 rows').waitFor();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    await shot(page, 'results-entry-1280');
    await row.getByRole('switch').click(); // controlled: it turns on when the server has published
    // publishing asks first, saying what will happen
    const confirmDialog = page.getByRole('dialog', { name: `Publish ${title}?` });
    await confirmDialog.getByText(/become public: anyone with a roll number can look them up/).waitFor();
    await confirmDialog.getByRole('button', { name: 'Publish' }).click();
    await row.getByText('Public').waitFor();

    await page.goto(`${baseUrl()}/examresults`);
    await page.getByRole('link', { name: title }).click();
    await lookup(page, '22A91A0503');
    await page.getByTestId('result-card').waitFor();
    expect(await page.getByTestId('stat-sgpa').textContent()).toBe('5.00');
    const entry = await newPage({ width: 360, height: 740 });
    await signIn(entry, 'examcell');
    await entry.goto(`${baseUrl()}/app/Examinations/Results Entry`);
    await entry.getByRole('heading', { name: 'Results Entry' }).waitFor();
    // at 360 px the titles are cards
    await entry.getByTestId('title-row').filter({ hasText: title }).waitFor();
    await shot(entry, 'results-entry-360');
  });
});
