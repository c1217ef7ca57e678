import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { runDueJobs } from '../../lib/jobs.js';
import { compliantMembers, newUser, routeTo } from '../../../test/modules/grievances.js';

/**
 * An anonymous ragging complaint must not be revealed through the outbox: the status mail to the
 * complainant (their address, the grievance number, the subject) is readable only by whoever may
 * know the complainant, and each such read is audited.
 */
let t: TestApp;
let student: Awaited<ReturnType<typeof newUser>>;
let chair: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestApp();
  student = await newUser(t, 'obstu', ['ROLE_STUDENT'], { fullName: 'Keerthi Naidu' });
  // The committee chair also administers the portal, so the outbox is open to them.
  chair = await newUser(t, 'obchr', ['ROLE_FACULTY', 'ROLE_ADMIN'], { fullName: 'Dr. K. Ramana' });
  await routeTo(t, ['ragging_harassment', 'academic'], compliantMembers(chair.id, null), 'Outbox SGRC');
});
afterAll(async () => t.close());

const email = () => `${student.username.toLowerCase()}@svec.edu.in`;

/** Lodges a grievance as the student, has the incharge acknowledge it and lets the queue write the status mail. */
async function acknowledged(body: Record<string, unknown>) {
  const lodged = await t.as(student.username, { method: 'POST', url: '/api/grievances', payload: body });
  expect(lodged.statusCode).toBe(200);
  const g = lodged.json() as { id: number; number: string };
  const ack = await t.as('grievance', {
    method: 'POST',
    url: `/api/grievances/${g.id}/status`,
    payload: { status: 'acknowledged' },
  });
  expect(ack.statusCode).toBe(200);
  await runDueJobs(t.db, t.app.jobHandlers);
  const mail = await t.db
    .selectFrom('outbox')
    .select('id')
    .where('to_address', '=', email())
    .where('subject', 'like', `%${g.number}%`)
    .executeTakeFirstOrThrow();
  return { ...g, mailId: mail.id };
}

const outbox = (as: string, qs: string) => t.as(as, { method: 'GET', url: `/api/outbox?${qs}` });
const reveals = (mailId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['username', 'action'])
    .where('entity', '=', 'outbox')
    .where('entity_id', '=', String(mailId))
    .execute();

describe('mail about an anonymous grievance', () => {
  it('is kept from the admin, who cannot see the grievance either; mail about a named one is not', async () => {
    const anon = await acknowledged({
      category: 'ragging_harassment',
      subject: 'Seniors in hostel block C',
      description: 'Seniors force first years to run errands every night after 10 pm.',
      anonymous: true,
    });
    const named = await acknowledged({
      category: 'academic',
      subject: 'Internal marks not updated',
      description: 'My mid-term marks for Compiler Design are missing from the portal.',
    });
    expect((await t.as('admin', { method: 'GET', url: `/api/grievances/${anon.id}` })).statusCode).toBe(404);

    const byAddress = (await outbox('admin', `to=${email()}`)).json();
    expect(byAddress.items.map((m: { id: number }) => m.id)).toEqual([named.mailId]);
    expect(byAddress.total).toBe(1);
    for (const qs of [`q=${anon.number}`, 'q=hostel block C', `q=${email()}`])
      expect((await outbox('admin', qs)).json().items.some((m: { id: number }) => m.id === anon.mailId)).toBe(false);
    const all = (await outbox('admin', 'pageSize=200')).json();
    expect(JSON.stringify(all)).not.toContain(anon.number);

    // Nor can the admin act on it by its id.
    const resend = await t.as('admin', { method: 'POST', url: `/api/outbox/${anon.mailId}/resend` });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().message).toBe('No such message in the outbox');
    expect(await reveals(anon.mailId)).toEqual([]);
  });

  it('is shown to the chair once they have revealed the complainant, and each showing is audited', async () => {
    const anon = await acknowledged({
      category: 'ragging_harassment',
      subject: 'Name calling in the mess',
      description: 'A group of seniors mocks first years at dinner every day.',
      anonymous: true,
    });
    // A committee chair who has not revealed the identity does not know whom the mail went to.
    expect((await outbox(chair.username, `to=${email()}`)).json().items.some((m: { id: number }) => m.id === anon.mailId)).toBe(
      false,
    );
    expect((await t.as(chair.username, { method: 'POST', url: `/api/grievances/${anon.id}/reveal` })).statusCode).toBe(200);
    const seen = (await outbox(chair.username, `q=${anon.number}`)).json();
    expect(seen.items).toEqual([expect.objectContaining({ id: anon.mailId, to: email(), kind: 'grievance-status' })]);
    expect(await reveals(anon.mailId)).toEqual([{ username: chair.username, action: 'outbox.confidential_read' }]);
    // The admin still cannot.
    expect((await outbox('admin', `q=${anon.number}`)).json().items).toEqual([]);
  });
});
