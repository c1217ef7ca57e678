import zlib from 'node:zlib';
import http from 'node:http';
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
    // the loading shell paints before any script runs
    expect(html).toContain('Loading the college portal…');
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
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

  it("loads only the home page's code on /, titles each page, and fetches the logo once", async () => {
    const page = await newPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    const logoCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
      if (r.url().includes('getLogoDataForHeaders')) logoCalls.push(r.url());
    });
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /HomePage-/.test(s))).toBe(true);
    for (const staff of ['TransactionsPage', 'ResultsEntryPage', 'CreateLoginsPage', 'AppLayout', 'LoginPage']) {
      expect(scripts.filter((s) => s.includes(`/${staff}-`))).toEqual([]);
    }
    expect(await page.title()).toBe('Sri Venkateswara Engineering College · College ERP');
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
