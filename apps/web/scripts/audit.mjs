#!/usr/bin/env node
/**
 * First-paint and accessibility audit of the built web app (issue 19), with the system Chromium.
 *
 *   npm run audit:web                 builds the web app and the API, starts them on a fresh seeded
 *                                     SQLite database, audits, stops
 *   AUDIT_URL=http://localhost:8080 npm run audit:web   audits a server that is already running
 *   options: --strict (exit 1 when a target is missed), --json <file> (write the figures),
 *            --lhr <dir> (keep the Lighthouse reports), --skip perf|a11y (run only the other half)
 *
 * Performance: Lighthouse (mobile profile) when the `lighthouse` package is installed; otherwise the
 * same throttling (4x CPU, 150 ms RTT, 1.6 Mbps down) is applied to Chromium through the DevTools
 * protocol and the page's own timings are measured (FCP, LCP, CLS, blocking time, bytes on the wire);
 * the score printed then is Lighthouse's formula applied to those figures, an estimate.
 * Accessibility: axe-core when installed; otherwise the checks below (names of controls, links and
 * images from Chromium's accessibility tree, text contrast, landmarks, headings, title, language).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');
const apiRoot = path.resolve(here, '../../api');
const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Demo@1234';
const args = process.argv.slice(2);
const strict = args.includes('--strict');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
/** --lhr <dir>: keep each page's full Lighthouse report there (to see what delays the largest paint) */
const lhrDir = args.includes('--lhr') ? args[args.indexOf('--lhr') + 1] : null;
/** --skip perf or --skip a11y: run only the other half (for quick checks while fixing) */
const skip = new Set(args.flatMap((a, i) => (args[i - 1] === '--skip' ? a.split(',') : [])));

const resolvable = (name) => {
  try {
    return require.resolve(name);
  } catch {
    return null;
  }
};
const LIGHTHOUSE = resolvable('lighthouse');
const AXE = resolvable('axe-core/axe.min.js');

// ---------------------------------------------------------------- server
async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer() {
  const tmpRoot = path.join(webRoot, 'e2e', '.tmp');
  fs.mkdirSync(tmpRoot, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(tmpRoot, 'audit-'));
  const webDist = path.join(tmp, 'web');
  const apiDist = path.join(tmp, 'api');
  console.log('building the web app and the API…');
  const { build } = await import('vite');
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: webDist, emptyOutDir: true } });
  const { buildApi } = await import(path.join(apiRoot, 'build.mjs'));
  await buildApi(apiDist);
  const port = await freePort();
  const logFile = path.join(tmp, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    cwd: tmp,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '::',
      DATABASE_URL: path.join(tmp, 'audit.sqlite'),
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      WEB_DIST: webDist,
      SIGNIN_RATE_LIMIT: '1000',
      SIGNIN_IP_LIMIT: '100000',
      PAYMENT_GATEWAY: 'demo',
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- performance
/** Lighthouse's log-normal scoring curve (lighthouse-core/lib/statistics.js). */
function erf(x) {
  const sign = Math.sign(x);
  x = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}
function logNormalScore({ p10, median }, value) {
  if (value <= 0) return 1;
  const standardizedX = (Math.log(value / median) * 0.9062938115365241) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardizedX)) / 2));
}
/** Lighthouse 10+ mobile weights and curves. */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
};
const estimateScore = (m) =>
  Math.round(100 * Object.entries(CURVES).reduce((sum, [k, c]) => sum + c.weight * logNormalScore(c, m[k]), 0));

const OBSERVE = () => {
  window.__audit = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__audit.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) window.__audit.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__audit.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

async function measure(browser, url) {
  // Moto G Power-like viewport, as Lighthouse's mobile profile
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
    uploadThroughput: ((750 * 1024) / 8) * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const encodings = new Map();
  page.on('response', (r) => encodings.set(r.url(), r.headers()['content-encoding'] ?? 'none'));
  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(1500);
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const js = res.filter((r) => r.name.endsWith('.js'));
    const tbt = window.__audit.longTasks.filter(([s]) => s >= fcp).reduce((t, [, d]) => t + Math.max(0, d - 50), 0);
    return {
      fcp,
      lcp: window.__audit.lcp || fcp,
      cls: window.__audit.cls,
      tbt,
      load: nav.loadEventEnd,
      transferKB: (nav.transferSize + res.reduce((t, r) => t + r.transferSize, 0)) / 1024,
      jsTransferKB: js.reduce((t, r) => t + r.transferSize, 0) / 1024,
      jsDecodedKB: js.reduce((t, r) => t + r.decodedBodySize, 0) / 1024,
      jsFiles: js.map((r) => r.name),
      title: document.title,
    };
  });
  const jsEncodings = [...new Set(m.jsFiles.map((f) => encodings.get(f) ?? '?'))];
  await context.close();
  const si = (m.fcp + m.lcp) / 2;
  return { ...m, si, jsEncodings, score: estimateScore({ ...m, si }) };
}

async function lighthouseRun(url) {
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', `--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
    });
    const a = result.lhr.audits;
    if (lhrDir) {
      fs.mkdirSync(lhrDir, { recursive: true });
      const name = new URL(url).pathname.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 60) || 'root';
      fs.writeFileSync(path.join(lhrDir, `${name}.json`), result.report);
    }
    return {
      performance: Math.round(result.lhr.categories.performance.score * 100),
      accessibility: Math.round(result.lhr.categories.accessibility.score * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- accessibility
const NAMED_ROLES = {
  button: 'button-name',
  link: 'link-name',
  textbox: 'label',
  searchbox: 'label',
  combobox: 'label',
  checkbox: 'label',
  radio: 'label',
  spinbutton: 'label',
  slider: 'label',
  switch: 'label',
  listbox: 'label',
  image: 'image-alt',
  img: 'image-alt',
  menuitem: 'aria-command-name',
  tab: 'aria-command-name',
  progressbar: 'aria-progressbar-name',
  dialog: 'aria-dialog-name',
};

/** Runs in the page: contrast, landmarks, headings, title, language. */
function pageChecks() {
  const out = [];
  const add = (rule, el, detail) => {
    const name = el
      ? `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : ''}`
      : 'document';
    out.push({ rule, target: name, detail });
  };
  if (!document.documentElement.lang) add('html-has-lang', null, 'the html element has no lang');
  if (!document.title.trim()) add('document-title', null, 'empty <title>');
  const mains = document.querySelectorAll('main, [role="main"]');
  if (mains.length !== 1) add('landmark-one-main', null, `${mains.length} main landmarks`);
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return (
      r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[aria-hidden="true"]')
    );
  };
  const headings = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role="heading"]')].filter(visible);
  if (!headings.some((h) => h.tagName === 'H1' || h.getAttribute('aria-level') === '1'))
    add('page-has-heading-one', null, 'no level-one heading');
  let prev = 0;
  for (const h of headings) {
    const level = h.getAttribute('aria-level') ? Number(h.getAttribute('aria-level')) : Number(h.tagName.slice(1));
    if (prev && level > prev + 1) add('heading-order', h, `h${level} after h${prev}: "${h.textContent.trim().slice(0, 40)}"`);
    prev = level;
  }
  // content outside landmarks (axe "region")
  const landmarks =
    'main,nav,header,footer,aside,[role="main"],[role="navigation"],[role="banner"],[role="contentinfo"],[role="complementary"],[role="region"][aria-label],[role="dialog"],[role="alertdialog"],[role="status"],[role="alert"],[role="presentation"],[role="tooltip"],[role="menu"],[role="listbox"]';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const outside = new Set();
  while (walker.nextNode()) {
    const t = walker.currentNode;
    const el = t.parentElement;
    if (!t.textContent.trim() || !el || !visible(el) || el.closest('script,style,noscript')) continue;
    if (!el.closest(landmarks)) outside.add(el);
  }
  for (const el of [...outside].slice(0, 5)) add('region', el, `text outside landmarks: "${el.textContent.trim().slice(0, 40)}"`);

  // contrast (WCAG AA)
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const blend = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage !== 'none') return null; // gradient or image: cannot tell
      const c = parse(s.backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const l of layers.reverse()) bg = blend(l, bg);
    return bg;
  };
  const seen = new Set();
  const walker2 = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker2.nextNode()) {
    const el = walker2.currentNode.parentElement;
    if (!el || seen.has(el) || !walker2.currentNode.textContent.trim()) continue;
    seen.add(el);
    if (!visible(el) || el.closest('[disabled],[aria-disabled="true"],.Mui-disabled,script,style,noscript')) continue;
    const s = getComputedStyle(el);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const fgRaw = parse(s.color);
    const bg = background(el);
    if (!fgRaw || !bg) continue;
    const fg = blend({ ...fgRaw, a: fgRaw.a * opacity }, bg);
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    if (ratio < need)
      add('color-contrast', el, `${ratio.toFixed(2)}:1 (needs ${need}:1) "${el.textContent.trim().slice(0, 40)}"`);
  }
  return out;
}

async function accessibility(page) {
  if (AXE) {
    await page.addScriptTag({ path: AXE });
    const r = await page.evaluate(async () => (await window.axe.run()).violations);
    return r.flatMap((v) =>
      v.nodes.map((n) => ({ rule: v.id, target: n.target.join(' '), detail: n.failureSummary?.split('\n')[1] ?? v.help })),
    );
  }
  const found = await page.evaluate(pageChecks);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  for (const n of nodes) {
    if (n.ignored) continue;
    const role = n.role?.value;
    const rule = NAMED_ROLES[role];
    if (!rule) continue;
    const name = (n.name?.value ?? '').trim();
    const hidden = n.properties?.some((p) => p.name === 'hidden' && p.value?.value);
    if (!name && !hidden) found.push({ rule, target: `${role} (no accessible name)`, detail: `a ${role} without a name` });
  }
  await cdp.detach();
  return found;
}

// ---------------------------------------------------------------- pages
/**
 * Signs in through the API as the web app does and returns the cookies a browser would then hold:
 * the server's HttpOnly session (`erp_session`) and readable CSRF cookie (`erp_csrf`), as set by
 * the response, and the `erpUser` cookie the app writes (the sign-in answer without its token).
 */
async function signInCookies(url, username) {
  const res = await fetch(`${url}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, module: 'erp', domain: url }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
  const user = await res.json();
  delete user.token; // the app never keeps the token where scripts can read it
  const set = Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      return [pair.slice(0, i).trim(), { value: pair.slice(i + 1), httpOnly: /;\s*httponly/i.test(c) }];
    }),
  );
  if (!set.erp_session) throw new Error(`sign-in as ${username}: the server set no erp_session cookie`);
  return [
    { name: 'erp_session', value: set.erp_session.value, url, sameSite: 'Lax', httpOnly: true },
    ...(set.erp_csrf ? [{ name: 'erp_csrf', value: set.erp_csrf.value, url, sameSite: 'Lax' }] : []),
    { name: 'erpUser', value: encodeURIComponent(JSON.stringify(user)), url, sameSite: 'Lax' },
  ];
}

const LANDING_USERS = [
  'admin',
  'principal',
  'hod',
  'faculty',
  'examcell',
  'accountant',
  'librarian',
  'opac',
  'dean',
  'chairman',
  'transport',
  'iqac',
  'grievance',
  'hostel',
  'alumni',
  'academics',
  'admissions',
  'feepayments',
  'correspondence',
  'administration',
  'placement',
  '22A91A0501',
];

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const server = process.env.AUDIT_URL
    ? { url: process.env.AUDIT_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const { url } = server;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  const report = { tools: { lighthouse: Boolean(LIGHTHOUSE), axe: Boolean(AXE) }, performance: [], accessibility: [] };
  try {
    const titles = await (await fetch(`${url}/api/v1/getDistinctExamTitlesBy`)).json();
    const resultPage = `/results/${encodeURIComponent(titles[0] ?? 'none')}`;
    const perfPages = ['/', '/login/erp', resultPage];

    // ---- performance
    console.log(
      LIGHTHOUSE
        ? 'performance: Lighthouse (mobile)'
        : 'performance: lighthouse is not installed; measuring with Chromium and the Lighthouse mobile throttling (estimate)',
    );
    for (const p of skip.has('perf') ? [] : perfPages) {
      if (LIGHTHOUSE) {
        const r = await lighthouseRun(url + p);
        report.performance.push({ page: p, load: os.loadavg()[0], ...r });
        continue;
      }
      // the first visit warms the server (lazy modules), as a deployed server would be
      await measure(browser, url + p);
      const r = await measure(browser, url + p);
      report.performance.push({ page: p, load: os.loadavg()[0], ...r });
    }

    // ---- accessibility: public pages, then each role's landing
    const publicPages = [
      '/',
      '/erphome',
      '/login/erp',
      '/login/Admin',
      '/login/Student',
      '/login/Faculty',
      '/examresults',
      resultPage,
      '/terms',
      '/privacy',
      '/return',
      '/maintenance',
      '/coming-soon',
      '/IQACHome',
      '/register',
      '/opac',
      '/sign-in',
      '/sign-up',
      '/ForgotPassword',
      '/no-such-page',
    ];
    const visit = async (p, user) => {
      // bypassCSP: axe is injected as a script tag, which the portal's own CSP (rightly) refuses.
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      if (user) {
        await context.addCookies(await signInCookies(url, user));
        p = '/my/dashboard'; // sends the user to their role's landing
      }
      const page = await context.newPage();
      await page.goto(url + p, { waitUntil: 'networkidle', timeout: 60_000 });
      // the page is ready when its heading is there and no loading bar is left
      await page.waitForSelector('h1', { timeout: 20_000 }).catch(() => {});
      await page
        .waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { timeout: 20_000 })
        .catch(() => {});
      await page.waitForTimeout(500);
      if (user) p = decodeURIComponent(new URL(page.url()).pathname);
      const violations = await accessibility(page);
      const title = await page.title();
      const heading = ((await page.locator('h1').first().textContent({ timeout: 1000 }).catch(() => '')) ?? '').trim();
      await context.close();
      return { page: p, user, title, heading, violations };
    };
    if (!skip.has('a11y')) {
      for (const p of publicPages) report.accessibility.push(await visit(p));
      for (const u of LANDING_USERS) report.accessibility.push(await visit('', u));
    }

    const robots = await fetch(`${url}/robots.txt`);
    report.robots = {
      status: robots.status,
      type: robots.headers.get('content-type'),
      body: (await robots.text()).slice(0, 200),
    };
  } finally {
    await browser.close();
    await server.stop();
  }

  // ---- print
  console.log(
    `\n${LIGHTHOUSE ? 'Lighthouse' : 'Measured (lighthouse not installed; score = Lighthouse formula on these figures)'} — mobile, 4x CPU, slow 4G`,
  );
  console.log('page'.padEnd(34), 'score', '  FCP ms', '  LCP ms', '  TBT ms', '   CLS', '  JS KB wire/decoded', ' load', ' enc');
  for (const r of report.performance) {
    const score = LIGHTHOUSE ? `${r.performance}/${r.accessibility}` : String(r.score);
    const js = r.jsTransferKB === undefined ? '' : `${r.jsTransferKB.toFixed(0)}/${r.jsDecodedKB.toFixed(0)}`;
    console.log(
      decodeURIComponent(r.page).slice(0, 33).padEnd(34),
      score.padStart(5),
      r.fcp.toFixed(0).padStart(8),
      r.lcp.toFixed(0).padStart(8),
      r.tbt.toFixed(0).padStart(8),
      r.cls.toFixed(3).padStart(6),
      js.padStart(20),
      r.load.toFixed(1).padStart(5),
      (r.jsEncodings ?? []).join(','),
    );
  }
  if (report.performance.length) console.log('(load: the machine\'s 1-minute load average when the page was measured)');
  console.log(
    `\nAccessibility (${AXE ? 'axe-core' : 'axe-core not installed: built-in checks'}) — ${report.accessibility.length} pages`,
  );
  let total = 0;
  const untitled = [];
  const byRule = (violations) => {
    const counts = new Map();
    for (const v of violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
    return [...counts].map(([rule, n]) => `${rule} ×${n}`).join(', ');
  };
  for (const r of report.accessibility) {
    total += r.violations.length;
    if (!r.title || r.title === 'College ERP' || r.title === 'Enterprise Resource Planning') untitled.push(r.page);
    const label = `${decodeURIComponent(r.page)}${r.user ? ` (${r.user})` : ''}`;
    if (!r.violations.length) {
      console.log(`  ok   ${label} — "${r.title}"`);
      continue;
    }
    console.log(`  ${String(r.violations.length).padStart(3)}  ${label} — "${r.title}": ${byRule(r.violations)}`);
    for (const v of r.violations.slice(0, 12)) console.log(`         ${v.rule}: ${v.target} ${v.detail ?? ''}`);
  }
  const failing = report.accessibility.filter((r) => r.violations.length);
  console.log(`\n${total} violations on ${failing.length} of ${report.accessibility.length} pages`);
  for (const r of failing)
    console.log(`  ${String(r.violations.length).padStart(3)}  ${decodeURIComponent(r.page)}${r.user ? ` (${r.user})` : ''}: ${byRule(r.violations)}`);

  // every signed-in visit must reach its role's own landing, not the public home or a sign-in page
  const landings = report.accessibility.filter((r) => r.user);
  const notLanded = landings.filter((r) => r.page === '/' || r.page === '/erphome' || r.page.startsWith('/login') || r.page === '/sign-in');
  const seen = new Map();
  for (const r of landings) seen.set(`${r.page}|${r.title}|${r.heading}`, [...(seen.get(`${r.page}|${r.title}|${r.heading}`) ?? []), r.user]);
  const shared = [...seen.values()].filter((users) => users.length > 1);
  if (landings.length) {
    console.log(`\nlandings: ${landings.length - notLanded.length} of ${landings.length} signed in to a landing of their own`);
    for (const r of landings) console.log(`  ${r.user.padEnd(16)} ${r.page.padEnd(28)} "${r.heading}" — "${r.title}"`);
    if (notLanded.length) console.log(`  NOT signed in (public page shown): ${notLanded.map((r) => r.user).join(', ')}`);
    if (shared.length) console.log(`  same page, title and heading: ${shared.map((u) => u.join(' = ')).join('; ')}`);
  }
  console.log(`pages without a title of their own: ${untitled.length ? untitled.join(', ') : 'none'}`);
  if (report.robots) console.log(`/robots.txt: ${report.robots.status} ${report.robots.type}`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(report, null, 2));
  const perfMissed = report.performance.some((r) => (LIGHTHOUSE ? r.performance < 95 || r.accessibility < 100 : r.score < 95));
  if (strict && (total > 0 || perfMissed || notLanded.length)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
