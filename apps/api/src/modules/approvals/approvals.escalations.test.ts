import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRIEVANCE_MSG, REGISTRATION_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newUser } from '../../../test/builders.js';
import { nowIso } from '../../db/index.js';

/**
 * Escalated grievances and pending registrations in the inbox, in a college of its own. The
 * grievances module escalates an open grievance past its decision deadline to the principal; the
 * registrations module leaves a self-registration pending for the college's administrators.
 *   G1 in progress, due yesterday       → escalated, the principal's
 *   G2 submitted, due 3 days ago        → escalated, the principal's (anonymous: no name)
 *   G3 acknowledged, due in 5 days      → not yet
 *   G4 lodged by the principal, overdue → never theirs to decide
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
let admin: string;
let chairman: string;
const g: Record<string, number> = {};
let pendingUser: number;
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  const p = await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] });
  principal = p.username;
  admin = (await newUser(t.db, c.id, { roles: ['ROLE_ADMIN'] })).username;
  chairman = (await newUser(t.db, c.id, { roles: ['ROLE_CHAIRMAN'] })).username;
  const lodger = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'Lodging Teacher' });
  let n = 0;
  const lodge = async (key: string, status: string, dueOn: string, by = lodger.id, anonymous = 0) => {
    const row = await t.db
      .insertInto('grievances')
      .values({ college_id: c.id, number: `${c.code}/G/${++n}`, category: 'academic', subject: `Subject ${key}`, description: 'x', anonymous, lodged_by: by, complainant_role: 'ROLE_FACULTY', committee_id: null, status, lodged_on: day(-30), due_on: dueOn, decision: '', decided_at: null, decided_by: null, escalated_at: null, appeal_status: null, appeal_reason: '', appealed_at: null, appeal_due_on: null, appeal_decision: '', appeal_decided_at: null, appeal_decided_by: null, identity_revealed_at: null, identity_revealed_by: null, created_at: nowIso(), updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    g[key] = row.id;
  };
  await lodge('G1', 'in_progress', day(-1));
  await lodge('G2', 'submitted', day(-3), lodger.id, 1);
  await lodge('G3', 'acknowledged', day(5));
  await lodge('G4', 'in_progress', day(-2), p.id);
  pendingUser = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'New Teacher' })).id;
  await t.db.updateTable('users').set({ status: 'pending' }).where('id', '=', pendingUser).execute();
});
afterAll(async () => t.close());

type Box = { items: Array<{ kind: string; id: number; title: string; requestedBy: string; link: string }>; counts: Record<string, number> };
const inbox = async (who: string): Promise<Box> => {
  const res = await t.as(who, { method: 'GET', url: '/api/approvals/inbox' }, c.host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const decide = (who: string, kind: string, id: number, decision: string, note = 'Decided at the principal’s desk') =>
  t.as(who, { method: 'POST', url: `/api/approvals/${kind}/${id}/decision`, payload: { decision, note } }, c.host);

describe('escalated grievances in the inbox', () => {
  it('lists the principal’s escalated grievances, oldest escalation first, an anonymous one unnamed', async () => {
    const box = await inbox(principal);
    const grievances = box.items.filter((i) => i.kind === 'grievance');
    expect(grievances.map((i) => i.id).sort()).toEqual([g.G1, g.G2].sort());
    expect(box.counts.grievance).toBe(2);
    expect(grievances.find((i) => i.id === g.G1)).toMatchObject({ title: 'Grievance ' + `${c.code}/G/1: Subject G1`, requestedBy: 'Lodging Teacher', link: `/app/grievance-redressal/${g.G1}` });
    expect(grievances.find((i) => i.id === g.G2)!.requestedBy).toBe('Anonymous');
    // the principal is no administrator: registrations are not theirs
    expect(box.counts.registration).toBe(0);
    // nobody else is handed the principal's grievances
    expect((await inbox(chairman)).counts.grievance).toBe(0);
  });

  it('decides through the grievance’s own workflow: approve resolves (acknowledging first), reject rejects', async () => {
    const one = await decide(principal, 'grievance', g.G1, 'approve', 'Marks re-totalled; corrected');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ kind: 'grievance', id: g.G1, status: 'resolved' });
    const two = await decide(principal, 'grievance', g.G2, 'reject');
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().status).toBe('rejected');
    const stored = await t.db.selectFrom('grievances').select(['id', 'status', 'decision']).where('id', 'in', [g.G1, g.G2]).orderBy('id').execute();
    expect(stored).toEqual([
      { id: g.G1, status: 'resolved', decision: 'Marks re-totalled; corrected' },
      { id: g.G2, status: 'rejected', decision: 'Decided at the principal’s desk' },
    ]);
    expect((await inbox(principal)).counts.grievance).toBe(0);
    const again = await decide(principal, 'grievance', g.G1, 'reject');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(GRIEVANCE_MSG.badTransition('resolved', 'rejected'));
  });

  it('refuses one not escalated, and anyone but the principal', async () => {
    expect((await decide(principal, 'grievance', g.G3, 'approve')).statusCode).toBe(404);
    expect((await decide(principal, 'grievance', g.G4, 'approve')).statusCode).toBe(403);
    const chair = await decide(chairman, 'grievance', g.G3, 'approve');
    expect(chair.statusCode).toBe(404);
    expect(chair.json().message).toBe(GRIEVANCE_MSG.notFound);
  });
});

describe('pending registrations in the inbox', () => {
  it('lists a self-registration for the administrator and approves it there', async () => {
    const box = await inbox(admin);
    expect(box.items.filter((i) => i.kind === 'registration').map((i) => i.id)).toEqual([pendingUser]);
    expect(box.counts.registration).toBe(1);
    const refused = await decide(principal, 'registration', pendingUser, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Registrations are decided by the college administration');
    const ok = await decide(admin, 'registration', pendingUser, 'approve', 'Joins CSE on 1 December');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ kind: 'registration', id: pendingUser, status: 'active' });
    expect((await t.db.selectFrom('users').select('status').where('id', '=', pendingUser).executeTakeFirstOrThrow()).status).toBe('active');
    // the registrations office's audit keeps the remark with the decision
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'user').where('entity_id', '=', String(pendingUser)).executeTakeFirstOrThrow();
    expect(audit.action).toBe('registration.approve');
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: 'active', note: 'Joins CSE on 1 December' });
    const twice = await decide(admin, 'registration', pendingUser, 'reject');
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(REGISTRATION_MSG.notPending);
    expect((await inbox(admin)).counts.registration).toBe(0);
  });

  it('refuses students and faculty the inbox', async () => {
    const faculty = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true })).username;
    expect((await t.as(faculty, { method: 'GET', url: '/api/approvals/inbox' }, c.host)).statusCode).toBe(403);
  });
});
