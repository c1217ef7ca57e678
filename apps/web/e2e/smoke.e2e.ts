import { describe, expect, it } from 'vitest';
import { baseUrl, newPage } from './harness';

describe('production build served by the API', () => {
  it('serves the web app for deep links and the API beside it', async () => {
    const page = await newPage();
    const res = await page.goto(`${baseUrl()}/some/deep/link`);
    expect(res?.status()).toBe(200);
    // The server answers a deep link with the app's page; the app then titles its own 404 page.
    expect(await res?.text()).toContain('<title>Enterprise Resource Planning</title>');
    await expect.poll(() => page.title()).toBe('Page not found · College ERP');
    const api = await page.request.get(`${baseUrl()}/api/v1/getCollegeName`);
    expect(await api.text()).toBe('SVEC');
    // Only the browser resolves *.localhost; the server picks the college by host name.
    await page.goto(`${baseUrl('srk.localhost')}/api/v1/getCollegeName`);
    expect(await page.textContent('body')).toBe('SRK');
  });
});
