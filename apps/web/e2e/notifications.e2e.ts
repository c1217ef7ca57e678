import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, newPage, registerApprovedUser, shot, signIn } from './harness';

// The machine is shared: give the app (and its job worker) time to show what is asserted on.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 300 });
const toasts = (page: Page) => page.locator('[role=status]').allTextContents();
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

describe('notifications', () => {
  it('the bell shows a status change of a grievance the user lodged; the user marks it read and turns its email off', async () => {
    const username = `bell${Date.now().toString(36)}`;
    const password = 'Bell@12345';
    await registerApprovedUser(username, password);
    const page = await newPage({ width: 1366, height: 900 });
    const me = await signIn(page, username, 'localhost', password);
    const auth = { authorization: `Bearer ${me.token}` };

    // The user lodges a grievance; the incharge acknowledges it (through the API: the grievance
    // screens have their own test). The worker delivers the notification from the queue.
    const subject = `Notice board broken ${Date.now()}`;
    const lodged = await apiCall(
      'POST',
      '/api/grievances',
      { category: 'infrastructure', subject, description: 'The notice board in block B fell down last week.' },
      'localhost',
      auth,
    );
    expect(lodged.status, lodged.text).toBe(200);
    const g = JSON.parse(lodged.text) as { id: number; number: string };
    const incharge = JSON.parse(
      (await apiCall('POST', '/api/auth-service/auth/signin', { username: 'grievance', password: 'Demo@1234' })).text,
    );
    const moved = await apiCall('POST', `/api/grievances/${g.id}/status`, { status: 'acknowledged', reason: '' }, 'localhost', {
      authorization: `Bearer ${incharge.token}`,
    });
    expect(moved.status, moved.text).toBe(200);
    await poll(
      async () => JSON.parse((await apiCall('GET', '/api/me/notifications/inbox', undefined, 'localhost', auth)).text).unread,
    ).toBe(1);

    await page.goto(`${baseUrl()}/app`);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell(page).click();
    const menu = page.getByRole('menu');
    await menu.getByText(`Grievance ${g.number}: Acknowledged`).waitFor();
    await page.waitForTimeout(400); // the menu's fade-in, for the screenshot
    await shot(page, 'notifications-bell-1366');
    await menu.getByRole('button', { name: 'Mark all read' }).click();
    await poll(() => menu.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    // Marking read disables the focused button, so Escape may reach no menu item: close the menu
    // by its backdrop (it covers the page while the menu is open) until it is gone.
    await page.keyboard.press('Escape');
    await poll(async () => {
      if ((await menu.count()) > 0) await page.mouse.click(5, 5);
      return menu.count();
    }).toBe(0);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 0 unread');

    // The full list: the notification, now read.
    await bell(page).click();
    await page.getByRole('menu').getByRole('link', { name: 'See all' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Notifications');
    await poll(() => page.getByTestId('inbox-list').textContent()).toContain(`Grievance ${g.number}: Acknowledged`);
    expect(await page.getByTestId('inbox-list').textContent()).not.toContain('unread');

    // Settings: email off for grievance status changes; the inbox stays on.
    await page.getByRole('link', { name: 'Settings' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Notification settings');
    const email = page.getByRole('switch', { name: 'Email: A grievance I lodged changes status' });
    const inApp = page.getByRole('switch', { name: 'In app: A grievance I lodged changes status' });
    await poll(() => email.isChecked()).toBe(true);
    await email.click();
    await poll(() => toasts(page)).toContainEqual('Email off');
    await shot(page, 'notifications-settings-1366');
    await page.reload();
    await poll(() => email.isChecked()).toBe(false);
    expect(await inApp.isChecked()).toBe(true);
    const prefs = JSON.parse((await apiCall('GET', '/api/me/notifications', undefined, 'localhost', auth)).text);
    expect(prefs.items.find((i: { kind: string }) => i.kind === 'grievance-status')).toMatchObject({ email: false, inApp: true });

    // On a phone: the bell is in the header and the settings fit the screen.
    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, username, 'localhost', password);
    await phone.goto(`${baseUrl()}/app/notifications/settings`);
    await poll(() => phone.getByRole('switch', { name: 'Email: A grievance I lodged changes status' }).isChecked()).toBe(false);
    await poll(() => bell(phone).getAttribute('aria-label')).toBe('Notifications, 0 unread');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'notifications-settings-390');
  });

  it('the admin reads the outbox: search by address, at 1366 and 390 px', async () => {
    const admin = await newPage({ width: 1366, height: 900 });
    await signIn(admin, 'admin');
    await admin.goto(`${baseUrl()}/app/outbox`);
    await poll(() => admin.getByRole('heading', { level: 1 }).textContent()).toBe('Outbox');
    await admin.getByTestId('outbox-list').waitFor();
    await shot(admin, 'outbox-1366');
    await admin.getByRole('textbox', { name: 'Search address or subject' }).fill('no-such-address-anywhere');
    await admin.getByText('No messages.').waitFor();

    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'admin');
    await phone.goto(`${baseUrl()}/app/outbox`);
    await phone.getByTestId('outbox-list').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'outbox-390');
  });
});
