import { describe, expect, it } from 'vitest';
import { baseUrl, newPage } from './harness';

describe('production build served by the API', () => {
  it('serves the web app for deep links and the API beside it', async () => {
    const page = await newPage();
    const res = await page.goto(`${baseUrl()}/some/deep/link`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe('Enterprise Resource Planning');
    const api = await page.request.get(`${baseUrl()}/api/v1/getCollegeName`);
    expect(await api.text()).toBe('SVEC');
    // Only the browser resolves *.localhost; the server picks the college by host name.
    await page.goto(`${baseUrl('srk.localhost')}/api/v1/getCollegeName`);
    expect(await page.textContent('body')).toBe('SRK');
  });
});
