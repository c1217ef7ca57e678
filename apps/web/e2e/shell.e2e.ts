import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANDING_BY_ROLE, MSG, PATHS, landingFor, LIBRARY_PATHS } from '@erp/shared';
import { DEMO_USERS } from '../../api/src/db/seed/data';
import { apiCall, baseUrl, newPage, shot, signIn } from './harness';

const WIDTHS = [1280, 360] as const;
/** Lets a dialog's opening transition finish before a screenshot (a cancelled transition counts as done). */
const settled = (page: Page) =>
  page
    .getByRole('dialog')
    .evaluate((el) => Promise.all(el.ownerDocument.getAnimations().map((a) => a.finished.catch(() => null))));
const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name);

async function contactData(host = 'localhost') {
  const list = JSON.parse((await apiCall('GET', '/api/v1/getContactData', undefined, host)).text) as Array<{
    aboutUs: string;
    postalAddress: string;
    faxNumber: string;
    phoneNumber: Array<{ number: string }>;
    candidateDetails: Array<{ designation: string; name: string; mailId: string }>;
  }>;
  return list[list.length - 1];
}

async function uiSignIn(page: Page, module: string, username: string, password = 'Demo@1234', remember = false) {
  await page.goto(`${baseUrl()}/login/${module}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('home page', () => {
  it('shows the module tiles with their hover lists, external links and the circular menu', async () => {
    const config = JSON.parse((await apiCall('GET', '/api/config')).text);
    const page = await newPage();
    await page.goto(baseUrl());
    await page.getByTestId('home-default').waitFor();
    // the tiles are drawn just after the hero's first paint
    await page.getByTestId('tile-Exam Results').waitFor();
    expect(await page.locator('[data-testid^="tile-"]').count()).toBe(13);

    const admin = page.getByTestId('tile-Admin');
    const hint = admin.locator('.hints li', { hasText: 'Leave Maintenance' });
    await admin.hover();
    await expect.poll(() => hint.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    expect(await admin.locator('.hints li').allTextContents()).toEqual([
      'Degree',
      'Faculty',
      'Course',
      'Student',
      'Activities',
      'Leave Maintenance',
    ]);

    for (const [tile, key] of [
      ['Exams', 'exams'],
      ['OBE', 'obe'],
      ['Exam Results', 'results'],
    ] as const) {
      const link = page.getByTestId(`tile-${tile}`).locator('a');
      expect(await link.getAttribute('href')).toBe(config.links[key]);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await page.getByTestId('tile-Faculty').locator('a').getAttribute('href')).toBe('/login/Faculty');

    expect(await page.getByTestId('circular-menu').getAttribute('data-count')).toBe('17');
    await page.getByTestId('circle-Management').first().click();
    await page.waitForURL(/\/login\/Management$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Management Login');

    for (const w of WIDTHS) {
      const p = await newPage({ width: w });
      await p.goto(baseUrl());
      await p.getByTestId('home-default').waitFor();
      await p.getByTestId('circular-menu').waitFor();
      await shot(p, `shell-home-${w}`);
    }
  });

  it('opens About Us, Contact Us, Terms & Conditions and Privacy Policy', async () => {
    const contact = await contactData();
    const page = await newPage();
    await page.goto(baseUrl());
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'About Us' }).click();
    await expect.poll(() => dialog.textContent()).toContain(contact.aboutUs);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect.poll(() => dialog.textContent()).toContain(contact.postalAddress);
    const text = (await dialog.textContent()) ?? '';
    for (const label of ['Postal Address', 'Official Communication', 'Campus', 'Fax Number', contact.faxNumber])
      expect(text).toContain(label);
    for (const p of contact.phoneNumber.slice(0, 2)) expect(text).toContain(p.number);
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual(['Designation', 'Name', 'Email']);
    const first = contact.candidateDetails[0];
    expect(await dialog.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      first.designation,
      first.name,
      first.mailId,
    ]);
    await settled(page);
    await shot(page, 'shell-contact-us-1280');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Terms & Conditions' }).click();
    await expect.poll(() => dialog.textContent()).toContain('December 7, 2022');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Last updated');

    // On a phone the four entries sit behind a menu button.
    const phone = await newPage({ width: 360 });
    await phone.goto(baseUrl());
    await phone.getByRole('button', { name: 'Information menu' }).click();
    await phone.getByRole('menuitem', { name: 'Contact Us' }).click();
    await expect.poll(() => phone.getByRole('dialog').textContent()).toContain(contact.postalAddress);
    await settled(phone);
    await shot(phone, 'shell-contact-us-360');
  });

  it('shows the SRK variant with 16 cards at srk.localhost', async () => {
    for (const w of WIDTHS) {
      const page = await newPage({ width: w });
      await page.goto(baseUrl('srk.localhost'));
      await page.getByTestId('home-srk').waitFor();
      expect(await page.getByTestId('home-default').count()).toBe(0);
      expect(await page.getByTestId('circular-menu').getAttribute('data-count')).toBe('16');
      await shot(page, `shell-home-srk-${w}`);
    }
  });
});

describe('sign-in', () => {
  it('lands every demo role on its landing page, each a real dashboard', async () => {
    const page = await newPage();
    for (const u of DEMO_USERS) {
      // Leave the last dashboard first: its queries, answered 401 once the cookies are gone, would
      // send it home and abort the next sign-in's navigation.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await uiSignIn(page, 'erp', u.username);
      const landing = landingFor(u.roles);
      expect(landing, u.username).toBe(LANDING_BY_ROLE[u.roles[0] as keyof typeof LANDING_BY_ROLE]);
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === landing);
      expect(await cookieNames(page), u.username).toContain('erpUser');
      if (landing === PATHS.facultyDashboard) continue; // the faculty feature's own page
      if (landing === LIBRARY_PATHS.viewBooks) {
        // The library feature's catalogue search, not a dashboard.
        await page.getByTestId('opac-search').waitFor();
        continue;
      }
      const dash = page.getByTestId('role-dashboard');
      await dash.waitFor();
      expect(await dash.getAttribute('data-path')).toBe(landing);
      expect(await page.getByTestId('login-id').textContent()).toBe(u.username);
      expect(await page.getByTestId('profile-card').textContent()).toContain(u.fullName);
    }
    // every demo login in turn: about 2 minutes idle, twice that on a busy machine
  }, 420_000);

  it('shows live counts from the API on the dashboard', async () => {
    const page = await newPage();
    const user = await signIn(page, 'admin');
    const summary = JSON.parse(
      (await apiCall('GET', '/api/dashboard/summary', undefined, 'localhost', { authorization: `Bearer ${user.token}` })).text,
    );
    await page.goto(`${baseUrl()}/app/Admin`);
    await page.getByTestId('stat-students-value').waitFor(); // the page's code loads on demand
    await expect.poll(() => page.getByTestId('stat-students-value').textContent()).toBe(summary.students.toLocaleString('en-IN'));
    expect(await page.getByTestId('stat-departments-value').textContent()).toBe(String(summary.departments));
    expect(await page.getByTestId('module-Admin').textContent()).toContain('Leave Maintenance');
    for (const w of WIDTHS) {
      const p = await newPage({ width: w });
      await signIn(p, 'admin');
      await p.goto(`${baseUrl()}/app/Admin`);
      await p.getByTestId('stat-students-value').getByText(String(summary.students)).waitFor();
      await shot(p, `shell-dashboard-admin-${w}`);
      await signIn(p, '22A91A0501');
      await p.goto(`${baseUrl()}/app/Student`);
      await p.getByTestId('role-dashboard').waitFor();
      await shot(p, `shell-dashboard-student-${w}`);
    }
  });

  it("shows the server's message for a wrong password and stores nothing", async () => {
    const page = await newPage();
    await uiSignIn(page, 'Admin', 'admin', 'Wrong@1234');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(MSG.wrongCredentials);
    expect(await cookieNames(page)).not.toContain('erpUser');
    expect(new URL(page.url()).pathname).toBe('/login/Admin');
    await shot(page, 'shell-login-error-1280');
  });

  it('hides Sign Up for Student and Faculty and toggles the registration view elsewhere', async () => {
    const page = await newPage();
    for (const m of ['Student', 'Faculty']) {
      await page.goto(`${baseUrl()}/login/${m}`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign Up' }).count(), m).toBe(0);
    }
    await page.goto(`${baseUrl()}/login/Admin`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign Up');
    expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    // The form's code loads on demand; once it is in, the toggle below it stops moving.
    await page.getByRole('form', { name: 'Institute-user registration' }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login');

    for (const w of WIDTHS) {
      const p = await newPage({ width: w });
      await p.goto(`${baseUrl()}/login/Admin`);
      await p.getByRole('button', { name: 'Log in' }).waitFor();
      await shot(p, `shell-login-${w}`);
    }
  });

  it('signs in with the keyboard only, showing and hiding the password', async () => {
    const page = await newPage({ width: 360 });
    await page.goto(`${baseUrl()}/login/Accounts`);
    await page.getByLabel('Username').waitFor();
    await page.keyboard.type('accountant'); // the username field has focus
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo@1234');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the show/hide toggle
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/app/Accounts Dashboard');
  });
});

describe('session', () => {
  it('logout removes both cookies and the stored module and screen, then goes home', async () => {
    const page = await newPage();
    await uiSignIn(page, 'Admin', 'admin', 'Demo@1234', true);
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/app/Admin');
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['erpUser', 'remember', 'erp_session', 'erp_csrf']));
    // the session token is in an HttpOnly cookie: page scripts cannot read it
    const session = (await page.context().cookies()).find((c) => c.name === 'erp_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain(session!.value);
    await page.evaluate(() => {
      localStorage.setItem('activeModule', 'Admin');
      sessionStorage.setItem('activeScreen', 'Dashboard');
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    const names = await cookieNames(page);
    expect(names).not.toContain('erpUser');
    expect(names).not.toContain('remember');
    await expect.poll(() => cookieNames(page)).not.toContain('erp_session');
    expect(await page.evaluate(() => [localStorage.getItem('activeModule'), sessionStorage.getItem('activeScreen')])).toEqual([
      null,
      null,
    ]);
    // the session is really gone: protected pages send the visitor to sign in again
    await page.goto(`${baseUrl()}/app/Admin`);
    await page.waitForURL(`${baseUrl()}/login/erp?next=%2Fapp%2FAdmin`);
  });

  it('sends protected routes to the sign-in page, with the way back, without the erpUser cookie', async () => {
    const page = await newPage();
    for (const path of ['/app/Admin', '/app', '/app/Examinations', '/admin/dashboard']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForURL(`${baseUrl()}/login/erp?next=${encodeURIComponent(path)}`);
    }
  });

  it('shows the header, the mega-menu at 1280 px, the sidebar with the status picker, and remembers the theme', async () => {
    const page = await newPage();
    await signIn(page, 'examcell');
    await page.goto(`${baseUrl()}/app/Examinations`);
    expect(await page.getByTestId('login-role').textContent()).toBe('Examinations');
    const mega = page.getByRole('navigation', { name: 'Main menu' });
    await mega.getByRole('button', { name: 'Examinations' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Exams', 'Grace Rules', 'Results Entry', 'Exam Results']);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: 'Admin menus' }).getAttribute('href')).toBe('/app');
    expect(decodeURIComponent((await page.getByRole('link', { name: 'Reset Password' }).getAttribute('href')) ?? '')).toBe(
      PATHS.resetPassword,
    );

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
    await sidebar.getByRole('combobox').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['online', 'idle', 'bussy', 'offline']);
    await page.getByRole('option', { name: 'bussy' }).click();
    await shot(page, 'shell-sidebar-1280');
    await page.keyboard.press('Escape');

    const bg = () =>
      page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundImage);
    const blue = await bg();
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.getByRole('menuitem', { name: 'Grey' }).click();
    await expect.poll(bg).not.toBe(blue);
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('erpTheme'))).toBe('greyTheme');
    await expect.poll(bg).not.toBe(blue);
    await shot(page, 'shell-grey-theme-1280');

    const phone = await newPage({ width: 360 });
    await signIn(phone, 'examcell');
    await phone.goto(`${baseUrl()}/app/Examinations`);
    await phone.getByTestId('role-dashboard').waitFor();
    expect(await phone.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await shot(phone, 'shell-dashboard-exam-360');
    await signIn(phone, 'admin');
    await phone.goto(`${baseUrl()}/app`);
    await phone.getByTestId('menus-page').waitFor();
    await shot(phone, 'shell-menus-360');
  });
});

describe('fallbacks and static screens', () => {
  it('shows both 404 pages', async () => {
    for (const w of WIDTHS) {
      const page = await newPage({ width: w });
      await page.goto(`${baseUrl()}/no/such/page`);
      await page.getByTestId('not-found').waitFor();
      expect(await page.getByText('404').count()).toBe(1);
      expect(await page.getByRole('link', { name: MSG.goToDashboard }).getAttribute('href')).toBe('/app/');
      await shot(page, `shell-404-${w}`);
      await signIn(page, 'admin');
      await page.goto(`${baseUrl()}/app/No Such Screen`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(MSG.pageNotFound);
      await shot(page, `shell-oops-${w}`);
    }
  });

  it('shows terms, privacy, returns, maintenance and coming soon', async () => {
    const checks: Array<[string, string[]]> = [
      [
        '/terms',
        [
          'December 7, 2022',
          'IT consulting, services and product development company',
          'laws of India',
          '30 days',
          '50%',
          'Hyderabad',
          '18 years',
        ],
      ],
      [
        '/privacy',
        [
          'Effective date',
          'Last updated',
          'Information we collect',
          'How we use',
          'Cookies',
          'Security',
          'Sharing',
          'Children',
          'Changes to this policy',
          'Contact us',
        ],
      ],
      ['/return', ['Due to the nature of digital products, we do not offer returns or refunds.', 'e-mail']],
      ['/maintenance', ['Under Maintenance']],
      ['/coming-soon', ['Coming Soon']],
    ];
    for (const w of WIDTHS) {
      const page = await newPage({ width: w });
      for (const [path, texts] of checks) {
        await page.goto(`${baseUrl()}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const body = (await page.locator('main').textContent()) ?? '';
        for (const t of texts) expect(body, `${path}: ${t}`).toContain(t);
        await shot(page, `shell${path.replace('/', '-')}-${w}`);
      }
    }
  });

  it("validates the template forms with 'Required', 'Invalid email' and 'Passwords dont match'", async () => {
    const page = await newPage();
    const errors = () => page.locator('.MuiFormHelperText-root.Mui-error').allTextContents();

    await page.goto(`${baseUrl()}/sign-in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(errors).toEqual([MSG.required, MSG.required]);
    await page.getByLabel('Email').fill('bad@');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(errors).toEqual([MSG.invalidEmail, MSG.required]);
    expect(await page.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/reset-password');
    expect(await page.getByRole('link', { name: 'Create new account' }).getAttribute('href')).toBe('/register');
    await shot(page, 'shell-template-signin-1280');
    await page.getByLabel('Email').fill('admissions');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === '/app/Admission/Dashboard');

    const reg = await newPage({ width: 360 });
    const regErrors = () => reg.locator('.MuiFormHelperText-root.Mui-error').allTextContents();
    await reg.goto(`${baseUrl()}/sign-up`);
    await reg.getByRole('tab').first().waitFor();
    expect(await reg.getByRole('tab').allTextContents()).toEqual(['With Email', 'With Social Media']);
    await reg.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(regErrors).toEqual([MSG.required, MSG.required, MSG.required, MSG.required, MSG.required]);
    await reg.getByLabel('Username').fill('ravi');
    await reg.getByLabel('Email', { exact: true }).fill('ravi@');
    await reg.getByLabel('Password', { exact: true }).fill('secret1');
    await reg.getByLabel('Re-type Password').fill('secret2');
    await reg.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(regErrors).toEqual([MSG.invalidEmail, MSG.passwordsDontMatch, MSG.required]);
    await shot(reg, 'shell-template-register-360');

    await reg.goto(`${baseUrl()}/reset-password`);
    expect(await reg.getByRole('heading', { level: 1 }).textContent()).toBe('Reset Password');
    expect(await reg.locator('main').textContent()).toContain('Send reset password link to Your email');
    await reg.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(regErrors).toEqual([MSG.required]);
    await reg.getByLabel('Email', { exact: true }).fill('ravi@example.org');
    await reg.getByRole('button', { name: 'Send Reset Link' }).click();
    const mail = reg.getByRole('link', { name: 'Send request e-mail' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:principal@svec\.edu\.in\?.*ravi%40example\.org/);
    await shot(reg, 'shell-template-reset-360');

    for (const path of ['/ForgotPassword', '/ResetLoginPassword']) {
      await reg.goto(`${baseUrl()}${path}`);
      expect(await reg.getByRole('heading', { level: 1 }).textContent()).toBe('Reset Password');
    }
    await signIn(reg, 'admin');
    await reg.goto(`${baseUrl()}/ResetLoginPassword`);
    await reg.waitForURL((u) => decodeURIComponent(u.pathname) === PATHS.resetPassword);
  });

  it('shows the IQAC module page with NAAC, NIRF and OBE in a new tab', async () => {
    for (const w of WIDTHS) {
      const page = await newPage({ width: w });
      await page.goto(`${baseUrl()}/IQACHome`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('IQAC MODULE');
      const link = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link('IQAC Login').getAttribute('href')).toBe('/login/IQAC');
      expect(await link('Faculty Dashboard').getAttribute('href')).toBe('/');
      for (const [name, href] of [
        ['NAAC', '/naac/'],
        ['NIRF', '/nirf/'],
        ['OBE', '/obe/'],
      ]) {
        expect(await link(name).getAttribute('href')).toBe(href);
        expect(await link(name).getAttribute('target')).toBe('_blank');
      }
      await shot(page, `shell-iqac-${w}`);
    }
  });

  it('stores the Developer Options server address, uses it for API calls, and goes Home', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/devtools`);
    const input = page.getByLabel('Server Address');
    expect(await input.getAttribute('placeholder')).toBe('Enter Server Address');
    await input.fill('not an address');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('.MuiFormHelperText-root.Mui-error').textContent()).toContain('Enter an address');
    await shot(page, 'shell-devtools-1280');

    // A path prefix (as behind a reverse proxy) makes the calls to the stored address visible;
    // another origin would be refused by the page's content security policy (connect-src 'self').
    const origin = `${baseUrl()}/erp-proxy`;
    await input.fill(origin);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(MSG.serverAddressChanged);
    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'OK' }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('serverAddress'))).toBe(origin);
    await expect.poll(() => calls.some((u) => u.startsWith(`${origin}/api/`))).toBe(true);

    await page.getByRole('link', { name: 'Home' }).last().click();
    await page.waitForURL(`${baseUrl()}/`);

    const phone = await newPage({ width: 360 });
    await phone.goto(`${baseUrl()}/devtools`);
    await phone.getByLabel('Server Address').waitFor();
    await shot(phone, 'shell-devtools-360');
  });
});
