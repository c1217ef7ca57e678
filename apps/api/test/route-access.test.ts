import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { DEMO_USERS } from '../src/db/seed/data.js';
import { collegeId, newStudent, newUser } from './builders.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Walks Fastify's route table: every route that is not public answers 401 without a token and
 * 403 to a signed-in user whose roles are not on its list. New routes are covered automatically.
 */
let t: TestApp;
let candidates: Array<{ username: string; roles: string[] }>;
beforeAll(async () => {
  t = await createTestApp();
  // A login of the test's own for each staff role of the demo users, and a student login.
  const college = await collegeId(t.db);
  candidates = [];
  for (const u of DEMO_USERS) candidates.push({ username: (await newUser(t.db, college, { roles: u.roles, program: u.program })).username, roles: u.roles });
  const student = await newStudent(t.db, college, { login: true });
  candidates.push({ username: student.username!, roles: ['ROLE_STUDENT'] });
});
afterAll(async () => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

describe('route table authorization', () => {
  it('has routes, each declaring its access', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(10);
    for (const r of t.app.routeAccess) expect(r.access).toBeDefined();
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth-service/auth/signin');
  });

  it('every protected route answers 401 without a token', async () => {
    const protectedRoutes = t.app.routeAccess.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const r of protectedRoutes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 401 });
      expect(res.json().message).toBe(MSG.signInRequired);
    }
  });

  it('every role-restricted route answers 403 to a role it does not allow', async () => {
    const restricted = t.app.routeAccess.filter((r) => Array.isArray(r.access));
    expect(restricted.length).toBeGreaterThan(0);
    for (const r of restricted) {
      const allowed = r.access as readonly string[];
      const outsider = candidates.find((c) => !c.roles.some((role) => allowed.includes(role)));
      expect(outsider, `a demo user outside ${allowed.join(',')}`).toBeDefined();
      const res = await t.as(outsider!.username, { method: r.method as 'GET', url: concrete(r.url) });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 403 });
      expect(res.json().message).toBe(MSG.noPermission);
    }
  });
});
