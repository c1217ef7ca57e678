import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OBE_PATHS } from '@erp/shared';
import { baseUrl, newPage, shot, signIn } from './harness';

const go = (page: Page, path: string) => page.goto(`${baseUrl()}${encodeURI(path)}`);

describe('outcome based education', () => {
  it('the IQAC reaches OBE from the IQAC page and the dashboard, and drills a PO down to the students', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await go(page, '/IQACHome');
    const tile = page.getByRole('link', { name: /OBE/ });
    await tile.waitFor();
    expect(await tile.getAttribute('href')).toBe('/obe/');

    await signIn(page, 'iqac');
    await go(page, '/app/IQAC Incharge Dashboard');
    const panel = page.getByTestId('obe-panel');
    await panel.getByText('Courses with COs').waitFor();
    await panel.getByRole('link', { name: 'Program attainment' }).click();

    // The seeded batch: CSE 2022-2026, every PO with a figure.
    const po1 = page.getByTestId('po-PO1');
    await po1.waitFor();
    await page.waitForFunction(() => /\d\.\d\d/.test(document.querySelector('[data-testid="po-PO1"]')?.textContent ?? ''));
    await page.getByRole('button', { name: 'Show the courses behind PO1', exact: true }).click();
    const behind = page.getByRole('table', { name: 'Courses behind PO1' });
    await behind.waitFor();
    // the table may be drawn before its rows arrive
    await expect.poll(() => behind.getByRole('row').count()).toBeGreaterThan(30);
    await shot(page, 'obe-program-1366');

    // A course of the batch: its attainment sheet, and the students behind a CO figure.
    await behind.getByRole('link', { name: /Deep Learning$/ }).first().click();
    await page.getByTestId('final-CO1').waitFor();
    expect(await page.getByTestId('final-CO1').textContent()).toMatch(/^\d\.\d\d$/);
    await page.getByRole('button', { name: /^CO1 internal:/ }).click();
    const dialog = page.getByRole('dialog', { name: /CO1 · internal assessments/ });
    await dialog.getByRole('cell', { name: '22A91A0501' }).waitFor();
    expect(await dialog.getByText(/a student attains at 60%/).count()).toBe(1);
    await shot(page, 'obe-course-rows-1366');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'obe-course-1366');
    await page.close();
  });

  it('shows the program and a course as cards on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'iqaccoordinator');
    await go(page, OBE_PATHS.home);
    const outcomes = page.getByRole('list', { name: 'Program outcome attainment' });
    await outcomes.waitFor();
    await outcomes.getByText('PSO1', { exact: true }).waitFor();
    await shot(page, 'obe-program-390');
    await go(page, OBE_PATHS.courses);
    const courses = page.getByRole('list', { name: 'Courses' });
    await courses.waitFor();
    await page.getByLabel('Search courses').fill('22CS701');
    await courses.getByText('22CS701 · Deep Learning').click();
    // The tab strip may still be settling while the page's code loads: click until it is selected.
    const tab = page.getByRole('tab', { name: 'Attainment', exact: true });
    await expect
      .poll(async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      })
      .toBe('true');
    await page.getByRole('list', { name: 'Course outcome attainment' }).getByText('CO5', { exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, 'obe-course-390');
    await page.close();
  });

  it('a faculty member sets a quiz for their course and enters its marks in the grid', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'faculty');
    await go(page, OBE_PATHS.courses);
    const first = page.getByRole('table', { name: 'Courses' }).getByRole('link').first();
    await first.waitFor();
    await first.click();
    await page.getByRole('heading', { name: 'Course outcomes' }).waitFor();
    await page.getByRole('tab', { name: 'Assessments and marks' }).click();
    await page.getByRole('button', { name: 'New assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New assessment' });
    const name = `Quiz ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(new RegExp(`${name} created for`)).waitFor();
    // The new paper opens in the marks grid: the first student's marks, then save.
    const grid = page.getByRole('table', { name: `Marks of ${name}` });
    await grid.waitFor();
    const cell = grid.getByRole('textbox').first();
    await cell.fill('7');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await page.getByText(/Marks saved for \d+ student\(s\)/).waitFor();
    // Above the maximum is refused with the server's words.
    await cell.fill('70');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await page.getByText(/is more than its maximum of 10/).waitFor();
    await page.getByRole('button', { name: 'Download marks template' }).waitFor();
    await shot(page, 'obe-marks-1366');
    await page.close();
  });

  it('a faculty member edits an assessment and deletes it with its marks', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'faculty');
    await go(page, OBE_PATHS.courses);
    const first = page.getByRole('table', { name: 'Courses' }).getByRole('link').first();
    await first.waitFor();
    await first.click();
    await page.getByRole('heading', { name: 'Course outcomes' }).waitFor();
    await page.getByRole('tab', { name: 'Assessments and marks' }).click();
    await page.getByRole('button', { name: 'New assessment' }).click();
    const create = page.getByRole('dialog', { name: 'New assessment' });
    const name = `Test ${Date.now().toString(36)}`;
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    const grid = page.getByRole('table', { name: `Marks of ${name}` });
    await grid.waitFor();
    await grid.getByRole('textbox').first().fill('8');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await page.getByText(/Marks saved for \d+ student\(s\)/).waitFor();

    // A maximum below the mark entered is refused, naming the question and the mark.
    await page.getByRole('button', { name: 'Edit assessment' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByText('Highest entered: 8').waitFor();
    await edit.getByLabel('Max marks').first().fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Question Q1 already has a mark of 8 entered: its maximum cannot be less than 8').waitFor();
    await shot(page, 'obe-edit-assessment-1366');
    await edit.getByLabel('Max marks').first().fill('12');
    await edit.getByLabel('Name').fill(`${name} v2`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${name} v2 saved`).waitFor();
    const renamed = page.getByRole('table', { name: `Marks of ${name} v2` });
    await renamed.waitFor();
    await page.getByRole('heading', { name: new RegExp(`${name} v2 · .* · max \\d+$`) }).waitFor();

    // Deleting a paper with marks asks first.
    await page.getByRole('button', { name: 'Delete assessment' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: `Delete ${name} v2?` });
    await ask.getByText(/has marks entered for 1 student\(s\)/).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await renamed.waitFor();
    await page.getByRole('button', { name: 'Delete assessment' }).click();
    await page.getByRole('button', { name: 'Delete with its marks' }).click();
    await page.getByText(`${name} v2 deleted with the marks of 1 student(s)`).waitFor();
    await expect.poll(() => page.getByText(`${name} v2`, { exact: true }).count()).toBe(0);
    await page.close();
  });

  it('a student answers the course-exit survey', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, '22A91A0501');
    await go(page, OBE_PATHS.survey);
    const open = page.getByRole('region').filter({ has: page.getByText('Open', { exact: true }) }).first();
    await open.waitFor();
    for (const group of await open.getByRole('radiogroup').all()) await group.getByRole('radio', { name: '4 · Well' }).check();
    await shot(page, 'obe-survey-390');
    await open.getByRole('button', { name: 'Submit survey' }).click();
    await page.getByText('Thank you: your course-exit survey is saved').waitFor();
    await page.close();
  });

  it('the IQAC keeps the rules per academic year', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'iqac');
    await go(page, OBE_PATHS.settings);
    await page.getByRole('heading', { name: 'Attainment rules per academic year' }).waitFor();
    const target = page.getByLabel('Target (% of a CO’s marks)');
    await page.waitForFunction(() => (document.querySelector('input[name="targetPct"]') as HTMLInputElement | null)?.value === '60');
    await page.getByLabel('External weight (%)').fill('60');
    await page.getByRole('button', { name: /Save rules for/ }).click();
    await page.getByText('Internal and external weights must add up to 100').first().waitFor();
    await page.getByLabel('External weight (%)').fill('70');
    await target.fill('60');
    await page.getByRole('button', { name: /Save rules for/ }).click();
    await page.getByText(/Rules for \d{4}-\d{4} saved/).waitFor();
    await page.getByRole('textbox', { name: 'PO1 statement' }).waitFor();
    await shot(page, 'obe-settings-1366');
    await page.close();
  });
});
