import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GRIEVANCE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newParent } from '../../../test/builders.js';
import { clock } from '../../lib/clock.js';
import { compliantMembers, newUser, routeTo } from '../../../test/modules/grievances.js';

/** A parent lodges a grievance about their linked child, through the one grievances service. */
let t: TestApp;
let child: Awaited<ReturnType<typeof newUser>>;
let sibling: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let chair: Awaited<ReturnType<typeof newUser>>;
let parent: { id: number; username: string };
let otherParent: { id: number; username: string };

beforeAll(async () => {
  t = await createTestApp();
  child = await newUser(t, 'pgc', ['ROLE_STUDENT'], { fullName: 'Sai Charan' });
  sibling = await newUser(t, 'pgs', ['ROLE_STUDENT'], { fullName: 'Sai Priya' });
  stranger = await newUser(t, 'pgx', ['ROLE_STUDENT'], { fullName: 'Other Family Child' });
  chair = await newUser(t, 'pgchr', ['ROLE_FACULTY'], { fullName: 'Dr. M. Lakshmi' });
  const member = await newUser(t, 'pgmem', ['ROLE_FACULTY']);
  await routeTo(t, ['hostel', 'fees'], compliantMembers(chair.id, member.id), 'Parent test SGRC');
  parent = await newParent(t.db, child.collegeId, [child.studentId!, sibling.studentId!]);
  otherParent = await newParent(t.db, child.collegeId, [stranger.studentId!]);
  vi.spyOn(clock, 'now').mockReturnValue(new Date('2031-04-07T04:30:00Z'));
});
afterAll(async () => t.close());
afterEach(() => vi.mocked(clock.now).mockReturnValue(new Date('2031-04-07T04:30:00Z')));

const hostel = {
  category: 'hostel',
  subject: 'Mess food quality',
  description: 'The hostel mess has served stale food to my son for a week now.',
};
const lodge = (as: string, payload: Record<string, unknown>) => t.as(as, { method: 'POST', url: '/api/grievances', payload });

describe('a parent lodging about their child', () => {
  it('records the child it concerns, routes it like any grievance, and lists it for the parent', async () => {
    const res = await lodge(parent.username, { ...hostel, studentId: child.studentId });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({
      status: 'submitted',
      committee: 'Parent test SGRC',
      complainant: 'Test Parent',
      student: { id: child.studentId, rollNo: child.username, name: 'Sai Charan' },
    });
    const mine = await t.as(parent.username, { method: 'GET', url: '/api/grievances?mine=true&open=true' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((i: { id: number }) => i.id)).toContain(g.id);
    // The committee sees which student it is about.
    const seen = await t.as(chair.username, { method: 'GET', url: `/api/grievances/${g.id}` });
    expect(seen.json().student).toEqual({ id: child.studentId, rollNo: child.username, name: 'Sai Charan' });
  });

  it('takes either of two linked children', async () => {
    const res = await lodge(parent.username, { ...hostel, studentId: sibling.studentId });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.name).toBe('Sai Priya');
  });

  it("refuses another family's child, a made-up id, and no child at all", async () => {
    const other = await lodge(parent.username, { ...hostel, studentId: stranger.studentId });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(GRIEVANCE_MSG.notYourChild);
    const madeUp = await lodge(parent.username, { ...hostel, studentId: 1_999_999_999 });
    expect(madeUp.statusCode).toBe(403);
    expect(madeUp.json().message).toBe(GRIEVANCE_MSG.notYourChild);
    const none = await lodge(parent.username, hostel);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(GRIEVANCE_MSG.chooseChild);
    // The other family's parent can lodge about their own child.
    expect((await lodge(otherParent.username, { ...hostel, studentId: stranger.studentId })).statusCode).toBe(200);
  });

  it('refuses a student or staff member naming a student', async () => {
    const res = await lodge(child.username, { ...hostel, studentId: stranger.studentId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GRIEVANCE_MSG.onlyParentsName);
    const own = await lodge(child.username, hostel);
    expect(own.statusCode).toBe(200);
    expect(own.json().student).toBeNull();
  });

  it('shows the parent the status and comment thread, never the internal notes; nobody else sees it', async () => {
    const g = (await lodge(parent.username, { ...hostel, subject: 'Hostel room water leak', studentId: child.studentId })).json();
    const ack = await t.as(chair.username, { method: 'POST', url: `/api/grievances/${g.id}/status`, payload: { status: 'acknowledged' } });
    expect(ack.statusCode).toBe(200);
    const note = { body: 'Warden to check the plumbing contract', internal: true };
    expect((await t.as(chair.username, { method: 'POST', url: `/api/grievances/${g.id}/comments`, payload: note })).statusCode).toBe(200);
    const reply = { body: 'The plumber visits on Thursday.', internal: false };
    expect((await t.as(chair.username, { method: 'POST', url: `/api/grievances/${g.id}/comments`, payload: reply })).statusCode).toBe(200);
    const answer = await t.as(parent.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/comments`,
      payload: { body: 'Thank you, please keep me posted.' },
    });
    expect(answer.statusCode).toBe(200);

    const view = (await t.as(parent.username, { method: 'GET', url: `/api/grievances/${g.id}` })).json();
    expect(view.status).toBe('acknowledged');
    expect(view.comments.map((c: { body: string }) => c.body)).toEqual([
      'Status: Acknowledged',
      'The plumber visits on Thursday.',
      'Thank you, please keep me posted.',
    ]);
    expect(view.comments.some((c: { internal: boolean }) => c.internal)).toBe(false);
    expect(view.comments.map((c: { body: string }) => c.body)).not.toContain(note.body);
    expect(view.can).toMatchObject({ act: false, internalNotes: false, comment: true });
    // Another family's parent, and the child themself, do not see the parent's grievance.
    expect((await t.as(otherParent.username, { method: 'GET', url: `/api/grievances/${g.id}` })).statusCode).toBe(404);
    expect((await t.as(child.username, { method: 'GET', url: `/api/grievances/${g.id}` })).statusCode).toBe(404);
  });

  it('hides the child on an anonymous grievance from the committee, as it hides the parent', async () => {
    await routeTo(t, ['ragging_harassment'], compliantMembers(chair.id, (await newUser(t, 'pgm2', ['ROLE_FACULTY'])).id), 'Anti-ragging');
    const res = await lodge(parent.username, {
      category: 'ragging_harassment',
      subject: 'Seniors harassing in the hostel',
      description: 'My son is being made to run errands by seniors every night.',
      anonymous: true,
      studentId: child.studentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.name).toBe('Sai Charan');
    const seen = (await t.as(chair.username, { method: 'GET', url: `/api/grievances/${res.json().id}` })).json();
    expect(seen.complainant).toBeNull();
    expect(seen.student).toBeNull();
  });

  it('the demo parent finds the seeded grievance about their child, with the reply and without the internal note', async () => {
    const list = (await t.as('parent', { method: 'GET', url: '/api/grievances?mine=true' })).json();
    const g = list.items.find((i: { subject: string }) => i.subject === 'College bus skips the Tiruchanoor stop');
    expect(g).toMatchObject({ status: 'acknowledged', student: { rollNo: '22A91A0501' } });
    const view = (await t.as('parent', { method: 'GET', url: `/api/grievances/${g.id}` })).json();
    expect(view.comments.map((c: { body: string }) => c.body)).toEqual([
      'Status: Acknowledged',
      'We have asked the transport officer to check route 4; the attendance of the first period will be reviewed.',
    ]);
    const staff = (await t.as('grievance', { method: 'GET', url: `/api/grievances/${g.id}` })).json();
    expect(staff.comments.filter((c: { internal: boolean }) => c.internal)).toHaveLength(1);
  });
});
