/**
 * The first paint of the public pages a visit usually starts on: plain HTML that the API puts
 * inside #root (apps/api/src/plugins/web.ts, from the first-paint.json the build writes), drawn
 * before any script arrives and replaced by the app when it renders. Each mirrors its page's own
 * layout (header, hero or card, footer; styles in index.html, classes fp-*) so that nothing moves
 * and nothing larger appears when the app takes over: the page's largest paint is this one.
 *
 * Placeholders, filled and escaped by the server: {{college}} (the college's name), {{year}},
 * {{1}} (the pattern's first group, URL-decoded). No imports: vite.config.ts reads this file.
 */
export type FirstPaint = {
  /** the page, e.g. "home" (for tests and logs) */
  name: string;
  /** a regular expression (source) matched against the request's path */
  pattern: string;
  /** college codes whose page looks different (the SRK home): they get the plain loading shell */
  exceptColleges?: string[];
  html: string;
};

/** The home hero's text: the page (features/home/HomePage.tsx) shows the same words. */
export const HOME_HERO_TEXT =
  'Admissions, examinations and results, fees, library, hostel, transport, placements, IQAC and alumni — one portal for staff, faculty, students and parents.';

/** Paths used below (they equal PATHS.examResults, PATHS.applyOnline and LIBRARY_PATHS.opac; a test checks). */
export const FIRST_PAINT_LINKS = { examResults: '/examresults', applyOnline: '/apply', opac: '/opac' };

const icon = (d: string, size: number) =>
  `<svg class="fp-icon" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${d}"/></svg>`;
const HOME_ICON = 'm12 5.69 5 4.5V18h-2v-6H9v6H7v-7.81zM12 3 2 12h3v8h6v-6h2v6h6v-8h3z';
const TROPHY_ICON =
  'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z';
const REGISTER_ICON =
  'm9 17 3-2.94c-.39-.04-.68-.06-1-.06-2.67 0-8 1.34-8 4v2h9zm2-5c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m4.47 8.5L12 17l1.4-1.41 2.07 2.08 5.13-5.17 1.4 1.41z';
const LIBRARY_ICON =
  'M12 11.55C9.64 9.35 6.48 8 3 8v11c3.48 0 6.64 1.35 9 3.55 2.36-2.19 5.52-3.55 9-3.55V8c-3.48 0-6.64 1.35-9 3.55M12 8c1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3 1.34 3 3 3';
const SEARCH_ICON =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';

/** components/common/PublicShell.tsx: the slim bar, the page, the footer. */
const publicPage = (main: string, width: 'sm' | 'md') =>
  `<div class="fp-page">` +
  `<header class="fp-bar"><div class="fp-tool fp-tool-public">` +
  `<a class="fp-brand" href="/"><span class="fp-logo fp-logo-36"></span><span class="fp-name fp-name-public">{{college}}</span></a>` +
  `<a class="fp-home" href="/">${icon(HOME_ICON, 20)}Home</a>` +
  `</div></header>` +
  `<main class="fp-main fp-main-${width}">${main}</main>` +
  `<footer class="fp-foot">© {{year}} {{college}}. All rights reserved. · <a href="/terms">Terms</a> · <a href="/privacy">Privacy</a> · <a href="/return">Returns</a></footer>` +
  `</div>`;

export const FIRST_PAINTS: FirstPaint[] = [
  {
    // features/home/HomePage.tsx (the default layout): the header and the hero
    name: 'home',
    pattern: '^/(erphome)?$',
    exceptColleges: ['SRK'],
    html:
      `<div class="fp-page">` +
      `<header class="fp-bar fp-bar-home"><div class="fp-tool fp-tool-home"><div class="fp-brand"><span class="fp-logo fp-logo-44"></span><p class="fp-name fp-name-home">{{college}}</p></div></div></header>` +
      `<main class="fp-grow"><div class="fp-hero"><div class="fp-container">` +
      `<span class="fp-overline">Enterprise Resource Planning</span>` +
      `<h1 class="fp-hero-title">{{college}}</h1>` +
      `<p class="fp-hero-text">${HOME_HERO_TEXT}</p>` +
      `<div class="fp-actions">` +
      `<a class="fp-btn fp-btn-white" href="${FIRST_PAINT_LINKS.examResults}">${icon(TROPHY_ICON, 20)}Exam Results</a>` +
      `<a class="fp-btn fp-btn-outlined" href="${FIRST_PAINT_LINKS.applyOnline}">${icon(REGISTER_ICON, 20)}Apply for Admission</a>` +
      `<a class="fp-btn fp-btn-outlined" href="${FIRST_PAINT_LINKS.opac}">${icon(LIBRARY_ICON, 20)}Library Catalogue</a>` +
      `</div></div></div></main></div>`,
  },
  {
    // features/auth/LoginPage.tsx: the card's frame (its title depends on the module)
    name: 'login',
    pattern: '^/login/[^/]+$',
    html: publicPage(
      `<div class="fp-login"><div class="fp-login-card"><div class="fp-stripe"></div><div class="fp-lock"></div></div></div>`,
      'sm',
    ),
  },
  {
    // features/results/ResultLookupPage.tsx: the exam's title and the roll number form
    name: 'result',
    pattern: '^/results/([^/]+)$',
    html: publicPage(
      `<div class="fp-card">` +
        `<nav class="fp-crumbs" aria-label="breadcrumb"><a href="${FIRST_PAINT_LINKS.examResults}">Exam Results</a><span class="fp-crumb-sep">/</span><span class="fp-crumb-here">Result</span></nav>` +
        `<h1 class="fp-title">{{1}}</h1>` +
        `<div class="fp-lookup"><div class="fp-field">Roll Number</div><div class="fp-btn fp-btn-large">${icon(SEARCH_ICON, 22)}Get Result</div></div>` +
        `</div>`,
      'md',
    ),
  },
];
