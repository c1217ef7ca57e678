import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, newPage, pickOption, registerApprovedUser, shot, signIn } from './harness';

describe('background jobs', () => {
  it('shows the admin the failed jobs (none), the jobs done with their attempts, and keeps others out', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const admin = await signIn(page, 'admin');
    // A grievance acknowledged tells its complainant through the queue: a job the worker runs and marks done.
    const username = `jobs${Date.now().toString(36)}`;
    await registerApprovedUser(username, 'Jobs@12345');
    const token = async (who: string, password = 'Demo@1234') =>
      (
        JSON.parse((await apiCall('POST', '/api/auth-service/auth/signin', { username: who, password })).text) as {
          token: string;
        }
      ).token;
    const lodged = await apiCall(
      'POST',
      '/api/grievances',
      {
        category: 'infrastructure',
        subject: `Fan not working ${Date.now()}`,
        description: 'The ceiling fan in room 204 has not worked for a week.',
      },
      'localhost',
      { authorization: `Bearer ${await token(username, 'Jobs@12345')}` },
    );
    expect(lodged.status, lodged.text).toBe(200);
    const moved = await apiCall(
      'POST',
      `/api/grievances/${JSON.parse(lodged.text).id}/status`,
      { status: 'acknowledged', reason: '' },
      'localhost',
      {
        authorization: `Bearer ${await token('grievance')}`,
      },
    );
    expect(moved.status, moved.text).toBe(200);
    type Jobs = { total: number; items: Array<{ id: number; kind: string; attempts: number; maxAttempts: number }> };
    const auth = { authorization: `Bearer ${admin.token}` };
    const doneJobs = async () =>
      JSON.parse((await apiCall('GET', '/api/jobs?status=done', undefined, 'localhost', auth)).text) as Jobs;
    await expect.poll(async () => (await doneJobs()).total, { timeout: 15_000, interval: 300 }).toBeGreaterThan(0);
    const done = await doneJobs();

    await page.goto(`${baseUrl()}/app/jobs`);
    await page.getByRole('heading', { name: 'Background jobs' }).waitFor();
    await page.getByText('No failed jobs: everything ran.').waitFor();
    await pickOption(page, 'Status', 'Done');
    const first = done.items[0];
    const list = page.getByTestId('jobs-list');
    await list.getByText(`${first.attempts} of ${first.maxAttempts}`).first().waitFor();
    expect(await list.textContent()).toContain(first.kind);
    await shot(page, 'jobs-done-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Background jobs' }).waitFor();
    await shot(page, 'jobs-done-390');

    // Search narrows to the kind typed.
    await page.getByLabel('Search kind or error').fill('no-such-kind-here');
    await page.getByText('No jobs.').waitFor();

    const principal = await newPage({ width: 1366, height: 900 });
    await signIn(principal, 'principal');
    await principal.goto(`${baseUrl()}/app/jobs`);
    await principal.getByTestId('no-permission').waitFor();
    expect(await principal.getByTestId('jobs-list').count()).toBe(0);
  });
});
