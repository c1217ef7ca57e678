import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FACULTY_MSG, MSG } from '@erp/shared';
import { apiCall, baseUrl, newPage, pickOption, shot, signIn } from './harness';

// CSS, not role: while a modal is open MUI hides the rest of the page (toasts included) from the accessibility tree.
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();
const countOf = (page: Page, label: string) => page.getByTestId(`count-${label}-value`).textContent();

const pick = (page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) => pickOption(page, label, option, scope);

describe('faculty dashboard (/app/Faculty/Dashboard)', () => {
  it('shows the current user details, the profile and the real counts', async () => {
    const page = await newPage();
    await signIn(page, 'faculty');
    await page.goto(`${baseUrl()}/app/Faculty/Dashboard`);
    await expect.poll(() => page.getByTestId('detail-Name').textContent()).toBe('Farida Rao');
    expect(await page.getByTestId('detail-Email').textContent()).toBe('faculty@svec.edu.in');
    expect(await page.getByTestId('detail-Department').textContent()).toBe('CSE');
    await expect.poll(() => page.getByTestId('detail-Designation').textContent()).toBe('Assistant Professor');
    await expect.poll(() => countOf(page, 'Publications')).toBe('5');
    await expect.poll(() => countOf(page, 'Citations')).toBe('53');
    await expect.poll(() => countOf(page, 'Scopus')).toBe('3');
    await expect.poll(() => countOf(page, 'Awards')).toBe('2');
    await expect.poll(() => countOf(page, 'MoUs')).toBe('2');
    await shot(page, 'faculty-dashboard-1280');
    const narrow = await newPage({ width: 360, height: 780 });
    await signIn(narrow, 'faculty');
    await narrow.goto(`${baseUrl()}/app/Faculty/Dashboard`);
    await expect.poll(() => countOf(narrow, 'Publications')).toBe('5');
    await shot(narrow, 'faculty-dashboard-360');
  });

  it('a faculty member adds, edits and deletes a publication and the cards follow', async () => {
    const page = await newPage();
    await signIn(page, 'faculty');
    await page.goto(`${baseUrl()}/app/Faculty/Publications`);
    await page.getByRole('button', { name: 'Add Publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Publication' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.Mui-error.MuiFormHelperText-root').allTextContents()).toEqual([FACULTY_MSG.titleRequired]);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Campus Energy Forecasting with Transformers');
    await dialog.getByRole('textbox', { name: 'Journal' }).fill('IEEE Access');
    await dialog.getByRole('spinbutton', { name: 'Year' }).fill('2025');
    await dialog.getByRole('spinbutton', { name: 'Citations' }).fill('7');
    await dialog.getByRole('checkbox', { name: 'Scopus-indexed' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.recordSaved);
    const row = page.getByRole('row', { name: /Campus Energy Forecasting/ });
    await expect.poll(() => row.textContent()).toContain('Yes');
    await shot(page, 'faculty-publications-1280');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Publication' });
    await edit.getByRole('spinbutton', { name: 'Citations' }).fill('12');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.recordModified);

    await page.goto(`${baseUrl()}/app/Faculty/Dashboard`);
    await expect.poll(() => countOf(page, 'Publications')).toBe('6');
    await expect.poll(() => countOf(page, 'Citations')).toBe('65');
    await expect.poll(() => countOf(page, 'Scopus')).toBe('4');

    await page.goto(`${baseUrl()}/app/Faculty/Publications`);
    await page.getByRole('row', { name: /Campus Energy Forecasting/ }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: MSG.deleteConfirm });
    await confirm.getByRole('button', { name: MSG.yesDelete }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.deletedRecord);
    await expect.poll(() => page.getByRole('row', { name: /Campus Energy Forecasting/ }).count()).toBe(0);

    // MoUs and awards live on their own tabs.
    await page.getByRole('tab', { name: 'Awards' }).click();
    await page.getByRole('button', { name: 'Add Award' }).click();
    const award = page.getByRole('dialog', { name: 'New Award' });
    await award.getByRole('textbox', { name: 'Title' }).fill('Research Excellence Award');
    await award.locator('input[type=date]').fill('2025-10-10');
    await award.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Research Excellence Award/ }).textContent()).toContain('10-10-2025');
  });
});

describe('faculty achievements (/app/Faculty/Achievements)', () => {
  it('New, Search, Reference, Edit and Delete with every message, as a HoD', async () => {
    const page = await newPage();
    await signIn(page, 'hod');
    await page.goto(`${baseUrl()}/app/Faculty/Achievements`);

    // New: all fields required, then a save.
    await page.getByRole('button', { name: 'New' }).click();
    const create = page.getByRole('dialog', { name: 'New Achievement' });
    await create.getByRole('button', { name: 'Save' }).click();
    const warn = page.getByRole('dialog', { name: MSG.fillInAllFields });
    await warn.getByRole('button', { name: 'OK' }).click();
    await create.getByRole('combobox', { name: 'Department' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['CSE']);
    await page.getByRole('option', { name: 'CSE' }).click();
    await pick(page, create, 'Faculty', 'Farida Rao');
    await create.locator('input[type=date]').fill('2025-03-14');
    const description = create.getByRole('textbox', { name: 'Description' });
    await description.fill('x'.repeat(600));
    expect(await create.getByTestId('description-counter').textContent()).toBe('500/500');
    const text = 'Keynote on responsible AI at the ICDS 2025 conference, Hyderabad.';
    await description.fill(text);
    expect(await create.getByTestId('description-counter').textContent()).toBe(`${text.length}/500`);
    await shot(page, 'achievement-new-1280');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.achievementSaved);
    await expect.poll(() => page.getByRole('dialog', { name: 'New Achievement' }).count()).toBe(0);

    // The same again is refused with the spec's failure message.
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByRole('dialog', { name: 'New Achievement' }).getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'CSE' }).click();
    const again = page.getByRole('dialog', { name: 'New Achievement' });
    await pick(page, again, 'Faculty', 'Farida Rao');
    await again.locator('input[type=date]').fill('2025-03-14');
    await again.getByRole('textbox', { name: 'Description' }).fill('Keynote on responsible AI at the ICDS 2025 conference, Hyderabad.');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await toasts(page)).some((t) => t.startsWith(MSG.achievementSaveFailed))).toBe(true);
    await again.getByRole('button', { name: 'Close' }).click();

    // Search: both dropdowns required, then the table.
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search Achievement' });
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog', { name: MSG.selectDeptAndFaculty }).getByRole('button', { name: 'OK' }).click();
    await pick(page, search, 'Department', 'CSE');
    await pick(page, search, 'Faculty', 'Farida Rao');
    await search.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Achievements' });
    await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['S.No', 'Department', 'Faculty', 'Date', 'Description', 'Action']);
    const row = table.getByRole('row', { name: /ICDS 2025/ });
    expect(await row.textContent()).toContain('14-03-2025');
    await shot(page, 'achievements-table-1280');

    await row.getByRole('button', { name: 'Reference' }).click();
    const ref = page.getByRole('dialog', { name: 'Reference' });
    expect(await ref.getByTestId('reference-text').textContent()).toBe('Keynote on responsible AI at the ICDS 2025 conference, Hyderabad.');
    await ref.getByRole('button', { name: 'Close' }).click();

    // Edit: the table clears afterwards.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Achievement' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Keynote on responsible AI, ICDS 2025, Hyderabad (edited).');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.achievementEdited);
    await expect.poll(() => page.getByRole('table', { name: 'Achievements' }).count()).toBe(0);

    // Delete: Cancel keeps it; Yes, Delete removes it and clears the table.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog', { name: 'Search Achievement' }).getByRole('button', { name: 'Search' }).click();
    const edited = page.getByRole('row', { name: /\(edited\)/ });
    await edited.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: MSG.deleteConfirm });
    expect(await confirm.getByRole('button').allTextContents()).toEqual([MSG.cancel, MSG.yesDelete]);
    await confirm.getByRole('button', { name: MSG.cancel }).click();
    await expect.poll(() => page.getByRole('dialog', { name: MSG.deleteConfirm }).count()).toBe(0);
    await expect.poll(() => edited.count()).toBe(1);
    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: MSG.deleteConfirm }).getByRole('button', { name: MSG.yesDelete }).click();
    await expect.poll(() => toasts(page)).toContain(MSG.achievementDeleted);
    await expect.poll(() => page.getByRole('table', { name: 'Achievements' }).count()).toBe(0);
  });

  it('a faculty member sees only themselves in the faculty list (360 px); Reference shows at most 70 lines', async () => {
    const page = await newPage({ width: 360, height: 780 });
    const me = await signIn(page, 'faculty');
    const longText = Array.from({ length: 80 }, (_, i) => String(i + 1)).join('\n');
    const saved = await apiCall(
      'POST',
      '/api/auth-service/v1/savefacultyAchievements',
      { departmentName: 'CSE', facultyName: 'Farida Rao', facultyEmail: 'faculty@svec.edu.in', description: longText, dates: '2025-07-07' },
      'localhost',
      { authorization: `Bearer ${me.token}` },
    );
    expect(saved.status).toBe(200);
    await page.goto(`${baseUrl()}/app/Faculty/Achievements`);
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search Achievement' });
    await pick(page, search, 'Department', 'CSE');
    await search.getByRole('combobox', { name: 'Faculty' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Farida Rao']);
    await page.getByRole('option', { name: 'Farida Rao' }).click();
    await search.getByRole('button', { name: 'Search' }).click();
    // On a phone the table's rows are cards.
    const cards = page.getByRole('list', { name: 'Achievements' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    await shot(page, 'achievements-table-360');
    await cards.filter({ hasText: '07-07-2025' }).getByRole('button', { name: 'Reference' }).click();
    const shown = (await page.getByRole('dialog', { name: 'Reference' }).getByTestId('reference-text').innerText()).split('\n');
    expect(shown).toHaveLength(70);
    expect(shown[69]).toBe('70');
    await shot(page, 'achievement-reference-360');
  });

  it('the HoD dashboard shows their own research counts and the achievements panel', async () => {
    const page = await newPage();
    await signIn(page, 'hod');
    await page.goto(`${baseUrl()}/app/HOD Dashboard`);
    const panel = page.getByTestId('my-research-panel');
    await expect.poll(() => panel.getByTestId('count-Publications-value').textContent()).toBe('3');
    await expect.poll(() => panel.getByTestId('count-Citations-value').textContent()).toBe('55');
    expect(await page.getByTestId('achievements-panel').count()).toBe(1);
    await shot(page, 'hod-dashboard-1280');
  });
});
