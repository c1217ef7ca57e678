import zlib from 'node:zlib';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { PATHS } from '@erp/shared';
import { DEMO_PASSWORD, apiCall, baseUrl, newPage, shot, signIn } from './harness';

/** A GET with headers, the raw bytes kept (apiCall decodes text). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: inject('e2ePort'), path: encodeURI(path), headers: { host: `localhost:${inject('e2ePort')}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('first paint', () => {
  it('sends the page and its scripts compressed, the logo cached, and a real robots file', async () => {
    const page = await rawGet('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(page.body).toString();
    // the home page's first paint (header and hero, with the college's name) comes before any script runs
    expect(html).toContain('<h1 class="fp-hero-title">Sri Venkateswara Engineering College</h1>');
    expect(html).not.toContain('Loading the college portal…');
    // no script of the app's is named in the page: boot.js requests them once the page has painted
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const entry = /<script src="\/boot\.js" defer data-entry="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
    const js = await rawGet(entry, { 'accept-encoding': 'gzip, br' });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(js.body).length).toBeGreaterThan(js.body.length * 2);

    const logo = await rawGet('/api/v1/getLogoDataForHeaders');
    expect(logo.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    const again = await rawGet('/api/v1/getLogoDataForHeaders', { 'if-none-match': String(logo.headers.etag) });
    expect(again.status).toBe(304);

    const robots = await apiCall('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('User-agent: *');
    expect(robots.text).toContain('Disallow: /api/');
  });

  it("paints the public pages' largest text from the page itself: the app draws nothing larger, and no loading bar between", async () => {
    const page = await newPage({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const w = window as unknown as { __largest: string[]; __loadingBar: boolean };
      w.__largest = [];
      w.__loadingBar = false;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) w.__largest.push(e.element?.className ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (document.querySelector('#root [role="progressbar"]')) w.__loadingBar = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const titles = JSON.parse((await apiCall('GET', '/api/v1/getDistinctExamTitlesBy')).text) as string[];
    for (const [path, heading, largest] of [
      ['/', 'Sri Venkateswara Engineering College', 'fp-hero-text'],
      ['/login/erp', 'ERP Login', 'fp-foot'],
      [`/results/${encodeURIComponent(titles[0]!)}`, titles[0]!, 'fp-title'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __largest: string[]; __loadingBar: boolean };
        return { largest: w.__largest.at(-1), loadingBar: w.__loadingBar };
      });
      expect([path, seen]).toEqual([path, { largest, loadingBar: false }]);
    }
    await page.context().close();
  });

  it("loads only the home page's code on /, titles each page, and fetches the logo once", async () => {
    const page = await newPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    const logoCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
      if (r.url().includes('getLogoDataForHeaders')) logoCalls.push(r.url());
    });
    // The server's first paint already holds the h1: wait for the app's own home page code instead
    // (on a loaded machine the network can idle while the main bundle still runs).
    const homeCode = page.waitForRequest((r) => /\/HomePage-[^/]*\.js$/.test(r.url()));
    await page.goto(`${baseUrl()}/`);
    await homeCode;
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /HomePage-/.test(s))).toBe(true);
    for (const staff of ['TransactionsPage', 'ResultsEntryPage', 'CreateLoginsPage', 'AppLayout', 'LoginPage']) {
      expect(scripts.filter((s) => s.includes(`/${staff}-`))).toEqual([]);
    }
    // the college's name arrives with its info call, after the first paint
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Sri Venkateswara Engineering College · College ERP');
    // the header keeps its size while the logo arrives: the logo box is fixed at 44 px
    const logoBox = await page.getByRole('img', { name: 'College logo' }).boundingBox();
    expect([logoBox?.width, logoBox?.height]).toEqual([44, 44]);
    await shot(page, 'experience-home-390');

    await page.goto(`${baseUrl()}/login/erp`);
    await page.getByRole('heading', { name: 'ERP Login' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('ERP Login · College ERP');
    await page.goto(`${baseUrl()}${PATHS.examResults}`);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Exam Results · College ERP');
    // kept in the browser for an hour: the reloads above did not fetch it again
    expect(logoCalls).toHaveLength(1);
    await page.context().close();
  });
});

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page, as "rule: target" lines (axe is injected, so the page's CSP is bypassed). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('accessibility', () => {
  it("names each home tile by its visible text, and axe finds nothing on the home and sign-in pages", async () => {
    const page = await newPage({ width: 1366, height: 900, bypassCSP: true });
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('home-default').waitFor();
    await page.getByTestId('tile-Exam Results').waitFor();
    const tiles = page.locator('[data-testid^="tile-"] a');
    expect(await tiles.count()).toBe(13);
    for (const link of await tiles.all()) {
      const visible = squash(await link.innerText());
      const name = /^- link "(.*)"/.exec(await link.ariaSnapshot())?.[1] ?? '';
      expect(visible.length).toBeGreaterThan(0);
      expect(squash(name), `the tile named "${name}" shows "${visible}"`).toContain(visible);
    }
    // the Admin tile: its name is what it shows, its feature list is its description
    const admin = page.getByTestId('tile-Admin').getByRole('link');
    expect(squash(/^- link "(.*)"/.exec(await admin.ariaSnapshot())![1]!)).toBe('Admin 6 features');
    const described = await admin.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described).toBe('DegreeFacultyCourseStudentActivitiesLeave Maintenance');
    // a tile opening another site says so to screen readers
    expect(await page.getByTestId('tile-Exam Results').getByRole('link').ariaSnapshot()).toContain('(opens in a new tab)');
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${baseUrl()}/login/erp`);
    await page.getByRole('heading', { name: 'ERP Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('honest states', () => {
  it('says the exam list failed, with a retry, instead of "No results have been published yet"', async () => {
    const page = await newPage({ width: 1366, height: 800 });
    let fail = true;
    await page.route('**/api/v1/getDistinctExamTitlesBy**', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The results service is down' }) }) : route.fallback(),
    );
    await page.goto(`${baseUrl()}${PATHS.examResults}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the published exams' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The results service is down');
    expect(await page.getByText('No results have been published yet.').count()).toBe(0);
    await shot(page, 'experience-results-error-1366');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('link', { name: /B\.Tech/ }).first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('shows a loading skeleton, never "0–0 of 0", then the rows; a failure says what happened and retries', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'accountant');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let mode: 'hold' | 'fail' | 'pass' = 'hold';
    await page.route('**/api/payments/transactions**', async (route) => {
      if (mode === 'hold') {
        await held;
        return route.fallback();
      }
      if (mode === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) });
      return route.fallback();
    });
    await page.goto(`${baseUrl()}${encodeURI(PATHS.transactions)}`);
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await page.getByTestId('skeleton-row').first().waitFor();
    expect(await page.getByText(/0–0 of 0/).count()).toBe(0);
    expect(await page.getByText('No Records Found').count()).toBe(0);
    await shot(page, 'experience-transactions-loading-1366');
    release();
    const table = page.getByRole('table', { name: 'Fee transactions' });
    await table.locator('tbody tr').first().waitFor();
    await expect.poll(() => page.getByTestId('skeleton-row').count()).toBe(0);
    await shot(page, 'experience-transactions-1366');

    // a failed call: its reason and a retry, not an empty list
    mode = 'fail';
    await page.getByLabel('Roll Number').fill('22A91A0501');
    await page.getByRole('button', { name: 'Apply' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load fee transactions: Database unavailable' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await page.getByText('No Records Found').count()).toBe(0);
    mode = 'pass';
    await alert.getByRole('button', { name: 'Retry' }).click();
    await table.waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('shows lists as cards at 390 px, with dates dd-mm-yyyy', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, 'accountant');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.transactions)}`);
    const card = page.getByTestId('data-card').first();
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Fee transactions' }).count()).toBe(0);
    expect(await card.textContent()).toMatch(/Date\d{2}-\d{2}-\d{4}/);
    expect(await card.textContent()).toMatch(/Amount₹[\d,]+\.\d{2}/);
    await shot(page, 'experience-transactions-390');
    await page.context().close();
  });
});

describe('routes and sessions', () => {
  it('sends a signed-out deep link to sign in, says why, and returns there after signing in', async () => {
    const page = await newPage({ width: 1366, height: 800 });
    const target = PATHS.resultsEntry;
    await page.goto(`${baseUrl()}${encodeURI(target)}`);
    await page.waitForURL((u) => u.pathname === '/login/erp' && decodeURI(u.searchParams.get('next') ?? '') === target);
    await page.getByTestId('signin-reason').getByText('Please sign in to open that page. You will be taken back to it after signing in.').waitFor();
    await shot(page, 'experience-signin-reason-1366');
    await page.getByLabel('Username').fill('examcell');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === target);
    await page.getByRole('heading', { name: 'Results Entry' }).waitFor();
    await page.context().close();
  });

  it('refuses to send the visitor to another site after signing in', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/login/erp?next=${encodeURIComponent('//evil.example/x')}`);
    expect(await page.getByTestId('signin-reason').count()).toBe(0);
    await page.getByLabel('Username').fill('examcell');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/app/Examinations');
    await page.context().close();
  });

  it('says an exam that is not published does not exist', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/results/${encodeURIComponent('M.Tech Imaginary Exam 1999')}`);
    const note = page.getByTestId('unknown-exam');
    await note.waitFor();
    expect(await note.textContent()).toContain('There is no published exam called “M.Tech Imaginary Exam 1999”.');
    expect(await page.getByRole('button', { name: 'Get Result' }).count()).toBe(0);
    await shot(page, 'experience-unknown-exam-390');
    await note.getByRole('link', { name: 'See the published exams' }).click();
    await page.waitForURL(`${baseUrl()}${PATHS.examResults}`);
    await page.context().close();
  });
});

describe('confirmations', () => {
  it('asks before publishing results and changes nothing when cancelled', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, 'examcell');
    await page.goto(`${baseUrl()}${encodeURI(PATHS.resultsEntry)}`);
    const row = page.getByTestId('title-row').first();
    await row.waitFor();
    const title = (await row.getByRole('cell').first().textContent())!;
    const before = await row.getByRole('switch').isChecked();
    await row.getByRole('switch').click();
    const dialog = page.getByRole('dialog', { name: before ? `Hide ${title}?` : `Publish ${title}?` });
    await dialog.waitFor();
    await shot(page, 'experience-confirm-publish-1366');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByRole('switch').isChecked()).toBe(before);
    await page.context().close();
  });
});
