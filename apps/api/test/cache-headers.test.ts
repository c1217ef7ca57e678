import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { invalidate } from '../src/modules/results/results.lookup.js';
import { bumpResultsVersion } from '../src/modules/results/results.repo.js';
import { collegeId, newExamResult, newExamTitle, newStudent } from './builders.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

/**
 * What the answers tell the caches in front (deploy/nginx, a CDN, the browser): the public result
 * lookup may be kept by a shared cache for the second its results version was read in, and no
 * longer; everything else the API answers is kept by nobody.
 */
let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
});
afterAll(async () => t.close());

const LOOKUP_CACHE = 'public, max-age=0, s-maxage=1';
const PRIVATE = 'private, no-store';
const second = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the wall clock is at least `ms` into a second. */
const untilInto = async (ms: number) => {
  const into = Date.now() % 1000;
  if (into < ms) await sleep(ms - into);
};
const untilNextSecond = () => sleep(1000 - (Date.now() % 1000) + 5);

async function draftResults(name: string) {
  const student = await newStudent(t.db, college, { full_name: name });
  const title = await newExamTitle(t.db, college, { published: 0 });
  await newExamResult(t.db, college, title, student, { code: 'CS701', name: 'Compiler Design', credits: 3, marks: 72 });
  await bumpResultsVersion(t.db, college);
  invalidate(college);
  return { rollNo: student.rollNo, title };
}

const lookup = (rollNo: string, title: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/getExamResultByRollNoView?rollNo=${encodeURIComponent(rollNo)}&examTitle=${encodeURIComponent(title)}`,
    headers,
  });

describe('the public result lookup', () => {
  it('may be kept a second by a shared cache, and tells nginx the second: the one its results version was read in', async () => {
    const r = await draftResults('Lakshmi Prasanna');
    await untilInto(100); // the version read below happens in this second
    const before = second();
    const unpublished = await lookup(r.rollNo, r.title.title);
    const after = second();
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().listofRecords).toEqual([]);
    expect(unpublished.headers['cache-control']).toBe(LOOKUP_CACHE);
    expect(unpublished.headers['set-cookie']).toBeUndefined();
    const kept = Number(String(unpublished.headers['x-accel-expires']).replace(/^@/, ''));
    expect(unpublished.headers['x-accel-expires']).toMatch(/^@\d+$/);
    expect(kept).toBeGreaterThanOrEqual(before);
    expect(kept).toBeLessThanOrEqual(after);
    expect(unpublished.headers.etag).toMatch(/^W\/"r\d+-[0-9a-z]{16}"$/);

    // A browser's repeat is a 304 with the same instructions.
    const repeat = await lookup(r.rollNo, r.title.title, { 'if-none-match': unpublished.headers.etag as string });
    expect(repeat.statusCode).toBe(304);
    expect([repeat.headers['cache-control'], repeat.headers['x-accel-expires']]).toEqual([LOOKUP_CACHE, `@${kept}`]);

    // The exam cell publishes: a new answer, a new tag, kept for the second it was read in.
    const published = await t.as('examcell', {
      method: 'PATCH',
      url: `/api/exam-results/titles/${r.title.id}`,
      payload: { published: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.headers['cache-control']).toBe(PRIVATE);
    const from = second();
    const shown = await lookup(r.rollNo, r.title.title);
    expect(shown.json().listofRecords.map((x: { courseCode: string; grade: string }) => [x.courseCode, x.grade])).toEqual([
      ['CS701', 'B'],
    ]);
    expect(shown.headers.etag).not.toBe(unpublished.headers.etag);
    expect(Number(String(shown.headers['x-accel-expires']).slice(1))).toBeGreaterThanOrEqual(from);
  });

  it('reads its version again for a proxy back after its copy expired, so the new copy may be kept this second', async () => {
    const r = await draftResults('Sai Charan');
    await untilInto(500); // the read stays fresh (1 s) past the next second's start
    const first = await lookup(r.rollNo, r.title.title);
    const readIn = Number(String(first.headers['x-accel-expires']).slice(1));
    await untilNextSecond();
    // A direct ask keeps the read of the last second (this process's caches stay warm) ...
    const direct = await lookup(r.rollNo, r.title.title);
    expect(direct.headers['x-accel-expires']).toBe(`@${readIn}`);
    // ... a proxy's ask (X-Forwarded-For) reads it again: its copy may be kept through this second.
    const proxied = await lookup(r.rollNo, r.title.title, { 'x-forwarded-for': '203.0.113.7' });
    expect(proxied.headers['x-accel-expires']).toBe(`@${readIn + 1}`);
    expect(proxied.body).toBe(first.body);
    expect((await lookup(r.rollNo, r.title.title)).headers['x-accel-expires']).toBe(`@${readIn + 1}`);
  });

  it('answers a bad query with its message, kept by nobody', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView?examTitle=Anything' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.enterRollNumber);
    expect(res.headers['cache-control']).toBe(PRIVATE);
    expect(res.headers['x-accel-expires']).toBeUndefined();
  });
});

describe('every other API answer', () => {
  it('is kept by no cache: signed-in answers, sign-in with its cookies, other public calls and errors', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=admin',
      payload: { username: 'admin', password: DEMO_PASSWORD, module: 'erp', domain: 'http://localhost' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['set-cookie']).toBeDefined();
    const answers = [
      signIn,
      await t.as('admin', { method: 'GET', url: '/api/dashboard/summary' }),
      await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/getDistinctExamTitlesBy' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 200, 200, 404]);
    for (const a of answers) {
      expect(a.headers['cache-control']).toBe(PRIVATE);
      expect(a.headers['x-accel-expires']).toBeUndefined();
    }
  });
});
