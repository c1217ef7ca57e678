import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { encryptText } from '@erp/shared';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOT_DIR = path.join(here, 'screenshots');
export const DEMO_PASSWORD = 'Demo@1234';

/** The server's URL; host 'srk.localhost' reaches the SRK demo college (browsers resolve *.localhost). */
export function baseUrl(host = 'localhost'): string {
  return `http://${host}:${inject('e2ePort')}`;
}

let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
  browser = null;
});

async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return browser;
}

export interface NewPageOptions extends BrowserContextOptions {
  /** viewport width, default 1280 */
  width?: number;
  height?: number;
}

/** A page in a fresh browser context (own cookies and storage). */
export async function newPage(options: NewPageOptions = {}): Promise<Page> {
  const { width = 1280, height = 800, ...rest } = options;
  const context = await (await getBrowser()).newContext({ viewport: { width, height }, acceptDownloads: true, ...rest });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Runs in every page: keeps the text of each toast as it appears. A toast lasts 3 s; on a busy
 * machine a test can look just after it is gone, but not miss it in this record.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = shown;
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const el of [node, ...node.querySelectorAll('[role="status"]')])
          if (el.getAttribute('role') === 'status') shown.push(el.textContent ?? '');
      }
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until the page has shown a toast holding `text` since the last such wait found one (each toast counts once). */
export async function sawToast(page: Page, text: string): Promise<void> {
  const take = () =>
    page.evaluate((t) => {
      const shown = (window as unknown as { __toasts: string[] }).__toasts;
      const at = shown.findIndex((s) => s.includes(t));
      if (at >= 0) shown.splice(at, 1);
      return at >= 0;
    }, text);
  await expect.poll(take, { timeout: 15_000, message: `a toast saying "${text}"` }).toBe(true);
}

export interface SignedInUser {
  username: string;
  roles: string[];
  token: string;
  [key: string]: unknown;
}

/**
 * Calls the API from Node with a Host header, so *.localhost hosts (which only browsers resolve)
 * reach their college.
 */
export function apiCall(
  method: string,
  urlPath: string,
  body?: unknown,
  host = 'localhost',
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: inject('e2ePort'),
        method,
        path: urlPath,
        headers: {
          host: `${host}:${inject('e2ePort')}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, setCookie: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Signs in through the API and stores the erpUser cookie the way the web app does. */
export async function signIn(page: Page, username: string, host = 'localhost', password = DEMO_PASSWORD): Promise<SignedInUser> {
  const url = baseUrl(host);
  const res = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', { username, password, module: 'erp', domain: url }, host);
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${res.text}`);
  const user = JSON.parse(res.text) as SignedInUser;
  const { token, ...details } = user;
  // The browser keeps what the server set (the HttpOnly session and the CSRF cookie) and what the app stores (erpUser, no token).
  const csrf = /erp_csrf=([^;]*)/.exec(res.setCookie.join('\n'))?.[1] ?? '';
  await page.context().addCookies([
    { name: 'erpUser', value: encodeURIComponent(JSON.stringify(details)), url, sameSite: 'Lax' },
    { name: 'erp_session', value: token, url, sameSite: 'Lax', httpOnly: true },
    { name: 'erp_csrf', value: csrf, url, sameSite: 'Lax' },
  ]);
  return user;
}

/** Saves a full-page screenshot to apps/web/e2e/screenshots/<name>.png (for people to look at). */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Registers a user through sign-up and has the admin approve it, so a test owns an account no other test uses. */
export async function registerApprovedUser(username: string, password: string, role = 'accountant'): Promise<void> {
  const { cipherKey } = JSON.parse((await apiCall('GET', '/api/config')).text);
  const reg = await apiCall('POST', '/api/auth-service/auth/signup', {
    username, email: `${username}@example.org`, password: encryptText(password, cipherKey), role: [role], instituteType: 'engineering',
    eamcetCode: 'SVEC', collegeName: 'SVEC', affiliatedTo: '', fullName: `${username} Tester`, department: '', signInType: '', module: 'erp',
  });
  if (reg.status !== 200) throw new Error(`sign-up of ${username} failed: ${reg.status} ${reg.text}`);
  const admin = JSON.parse((await apiCall('POST', '/api/auth-service/auth/signin', { username: 'admin', password: DEMO_PASSWORD })).text);
  const auth = { authorization: `Bearer ${admin.token}` };
  const pending = JSON.parse((await apiCall('GET', '/api/registrations/pending', undefined, 'localhost', auth)).text) as Array<{ id: number; username: string }>;
  const id = pending.find((p) => p.username === username)?.id;
  const approved = id === undefined ? null : await apiCall('POST', `/api/registrations/${id}/approve`, undefined, 'localhost', auth);
  if (approved?.status !== 200) throw new Error(`approving ${username} failed`);
}

type Scope = Pick<Page, 'getByRole'>;

/**
 * Chooses an option of an MUI select by its label (or the combobox itself). It waits for the menu to
 * close and checks the select shows the choice: a click that lands while a menu is still fading in or
 * out is swallowed, and a busy machine makes that likely, so a menu that stays open is closed and the
 * choice made again.
 */
export async function pickOption(page: Page, label: string | Locator, option: string | RegExp, scope: Scope = page): Promise<string> {
  const combo = typeof label === 'string' ? scope.getByRole('combobox', { name: label }) : label;
  for (let attempt = 0; ; attempt += 1) {
    await combo.click();
    const choice = typeof option === 'string' ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option', { name: option }).first();
    const text = ((await choice.textContent()) ?? '').trim();
    await choice.click();
    const closed = await page
      .getByRole('listbox')
      .waitFor({ state: 'detached', timeout: attempt === 2 ? 15_000 : 4_000 })
      .then(() => true, () => false);
    if (!closed) {
      if (attempt === 2) throw new Error(`The menu of ${String(label)} stayed open after choosing ${text}`);
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      continue;
    }
    if (((await combo.textContent()) ?? '').includes(text) || attempt === 2) return text;
  }
}

// pdf-parse v1's index runs a self-test on import, so its library file is loaded directly.
const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as (
  b: Buffer,
) => Promise<{ text: string; numpages: number }>;

/** A PDF's text and page count (a file path or its bytes). */
export async function pdfText(pdf: Buffer | string): Promise<{ text: string; pages: number }> {
  const parsed = await pdfParse(typeof pdf === 'string' ? fs.readFileSync(pdf) : pdf);
  return { text: parsed.text, pages: parsed.numpages };
}
