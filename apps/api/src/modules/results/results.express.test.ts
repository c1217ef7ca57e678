import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeId, newCollege, newExamResult, newExamTitle, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { invalidate } from './results.lookup.js';
import { bumpResultsVersion } from './results.repo.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Asks a listening app over HTTP (inject() would not pass through the express lanes). */
function asker(t: TestApp) {
  const { port } = t.app.server.address() as AddressInfo;
  return (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });
}

/** Counts the requests the lanes answered; `open = false` sends every request to Fastify. */
function watchLanes(t: TestApp) {
  const state = { answered: 0, open: true };
  t.app.expressLanes.forEach((lane, i) => {
    t.app.expressLanes[i] = (req, res) => {
      if (!state.open) return false;
      const done = lane(req, res);
      if (done) state.answered++;
      return done;
    };
  });
  return state;
}

const withoutDate = (a: Answer) => {
  const { date: _date, ...headers } = a.headers;
  return { status: a.status, headers, body: a.body.toString('base64') };
};

const lookupPath = (rollNo: string, examTitle: string) =>
  `/api/v1/getExamResultByRollNoView?rollNo=${encodeURIComponent(rollNo)}&examTitle=${encodeURIComponent(examTitle)}`;

async function publishedResults(t: TestApp, college: number, name: string, courses: number, marks = 60) {
  const student = await newStudent(t.db, college, { full_name: name });
  const title = await newExamTitle(t.db, college);
  for (let c = 1; c <= courses; c++) {
    await newExamResult(t.db, college, title, student, { code: `XL${100 + c}`, name: `Elective Course ${c}`, credits: 3, marks });
  }
  // Rows written straight into the tables: tell the read path, as the import does.
  await bumpResultsVersion(t.db, college);
  invalidate(college);
  return { rollNo: student.rollNo, title: title.title };
}

describe('the public lookup express lane (a quiet server)', () => {
  let t: TestApp;
  let ask: ReturnType<typeof asker>;
  let lanes: ReturnType<typeof watchLanes>;
  let college: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ask = asker(t);
    lanes = watchLanes(t);
    college = await collegeId(t.db);
  });
  afterAll(async () => t.close());

  it("answers a repeat with the route's exact status, headers and bytes, plain, brotli, gzip and 304", async () => {
    // Ten courses: past the 1 kB below which nothing is compressed.
    const r = await publishedResults(t, college, 'Venkata Sai Teja', 10);
    const path = lookupPath(r.rollNo, r.title);
    const plainFirst = await ask(path);
    expect(plainFirst.status).toBe(200);
    const etag = plainFirst.headers.etag as string;
    const forms: Array<Record<string, string>> = [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }, { 'if-none-match': etag }];

    lanes.open = false;
    const byRoute = [];
    for (const headers of forms) byRoute.push(await ask(path, headers));
    lanes.open = true;
    const before = lanes.answered;
    const byLane = [];
    for (const headers of forms) byLane.push(await ask(path, headers));
    expect(lanes.answered - before).toBe(4);
    expect(byLane.map(withoutDate)).toEqual(byRoute.map(withoutDate));

    // and what they are: the JSON, compressed once, and a bodiless 304
    const [plain, br, gzip, notModified] = byLane;
    const json = JSON.parse(plain.body.toString());
    expect(json.studentName).toBe('Venkata Sai Teja');
    expect(json.listofRecords).toHaveLength(10);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect([notModified.status, notModified.body.length, notModified.headers.etag]).toEqual([304, 0, etag]);
  });

  it('never answers from results that changed: the next ask is built again by the route', async () => {
    const r = await publishedResults(t, college, 'Sravani Reddy', 2, 55);
    const path = lookupPath(r.rollNo, r.title);
    const first = await ask(path);
    expect((await ask(path)).body.toString()).toBe(first.body.toString());

    await t.db.updateTable('exam_results').set({ course: 'Renamed After Revaluation' }).where('roll_no', '=', r.rollNo).execute();
    await bumpResultsVersion(t.db, college);
    invalidate(college); // as the import and publish do, after their write
    const before = lanes.answered;
    const changed = await ask(path);
    expect(lanes.answered).toBe(before);
    expect(JSON.parse(changed.body.toString()).listofRecords[0].course).toBe('Renamed After Revaluation');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it("gives each college its own answers for the same address, and leaves a bad query to the route's 400", async () => {
    const r = await publishedResults(t, college, 'Harika Naidu', 2, 70);
    const other = await newCollege(t.db);
    const path = lookupPath(r.rollNo, r.title);
    const there = await ask(path, { host: other.host }); // the other college has no such title
    expect(JSON.parse(there.body.toString()).listofRecords).toEqual([]);
    const here = await ask(path);
    expect(JSON.parse(here.body.toString()).studentName).toBe('Harika Naidu');
    const before = lanes.answered;
    expect(JSON.parse((await ask(path, { host: other.host })).body.toString()).listofRecords).toEqual([]);
    expect(JSON.parse((await ask(path)).body.toString()).studentName).toBe('Harika Naidu');
    expect(lanes.answered - before).toBe(2);

    const bad = await ask(`/api/v1/getExamResultByRollNoView?rollNo=${encodeURIComponent(r.rollNo)}`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).message).toBe('Please select an exam title');
  });
});

describe('the lane leaves to Fastify what its hooks would change', () => {
  it('RESULTS_EXPRESS_LANE=false: no lane is set up, and repeats are answered by the route alike', async () => {
    const t = await createTestApp({ env: { RESULTS_EXPRESS_LANE: 'false' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(t.app.expressLanes).toHaveLength(0);
      const r = await publishedResults(t, await collegeId(t.db), 'Naga Sravani', 2);
      const first = await asker(t)(lookupPath(r.rollNo, r.title));
      const again = await asker(t)(lookupPath(r.rollNo, r.title));
      expect(first.status).toBe(200);
      expect(withoutDate(again)).toEqual(withoutDate(first));
      expect(JSON.parse(again.body.toString()).listofRecords).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('a cross-origin ask goes to the route and gets its CORS headers; a same-origin repeat takes the lane', async () => {
    const t = await createTestApp({ env: { CORS_ORIGINS: 'https://results.example.edu' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const ask = asker(t);
      const lanes = watchLanes(t);
      const r = await publishedResults(t, await collegeId(t.db), 'Bhavana Lakshmi', 2);
      const path = lookupPath(r.rollNo, r.title);
      for (let i = 0; i < 3; i++) {
        const res = await ask(path, { origin: 'https://results.example.edu' });
        expect([res.status, res.headers['access-control-allow-origin'], res.headers.vary]).toEqual([
          200,
          'https://results.example.edu',
          'Origin, accept-encoding',
        ]);
      }
      expect(lanes.answered).toBe(0);
      const same = await ask(path);
      expect([same.status, same.headers['access-control-allow-origin'], same.headers.vary]).toEqual([200, undefined, 'accept-encoding']);
      expect(lanes.answered).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('a server that logs each request still answers repeats in the lane, and logs every ask once', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logStream: { write: (l) => void lines.push(l) } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const ask = asker(t);
      const lanes = watchLanes(t);
      const r = await publishedResults(t, await collegeId(t.db), 'Keerthi Varma', 2);
      for (let i = 0; i < 3; i++) expect((await ask(lookupPath(r.rollNo, r.title))).status).toBe(200);
      // the first ask builds the answer in the route; the two repeats come from the lane
      expect(lanes.answered).toBe(2);
      const logged = lines.map((l) => JSON.parse(l)).filter((e) => e.req?.url?.includes('getExamResultByRollNoView'));
      expect(logged.map((e) => [e.msg, e.req.method, e.res.statusCode])).toEqual(Array(3).fill(['request completed', 'GET', 200]));
      expect(new Set(logged.map((e) => e.reqId)).size).toBe(3);
    } finally {
      await t.close();
    }
  });
});
