import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/db/seed/index.js';
import { queueMail } from '../../src/modules/notifications/index.js';
import { bumpResultsVersion } from '../../src/modules/results/results.repo.js';
import { collegeId, newExamResult, newExamTitle, newStudent } from '../builders.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.js';
import { startFakeS3, type FakeS3 } from '../lib/s3rver.js';
import { PHOTO_JPG, multipart, nextAadhar } from '../modules/admissions.js';
import { startNginx, type RunningNginx } from './nginx.mjs';
import { startReplica, type Replica } from './replica.js';

/**
 * The portal on several machines, on this one: PostgreSQL, an S3-compatible server (s3rver, in
 * this process), three replicas of the real server and nginx with deploy/nginx's configuration.
 * PostgreSQL whatever the suite runs on (TEST_DATABASE_URL's server when it is one, else the local
 * one); it fails, never skips, when PostgreSQL or nginx is missing.
 */
const BASE = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '')
  ? process.env.TEST_DATABASE_URL!
  : 'postgres://postgres@127.0.0.1:5432/test';
const OFFICE = '/api/admissions/online-applications';
const MEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let college: number;
let s3: FakeS3;
let smtp: SMTPServer;
const mails: string[] = [];
const replicas: Replica[] = [];
let proxy: RunningNginx;
const tempDirs: string[] = [];
const temp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  // TEST_DATABASE_URL's server has the suite's seeded template to copy; another is seeded below.
  t = await createTestApp({ seed: BASE === process.env.TEST_DATABASE_URL, postgresBase: BASE });
  s3 = await startFakeS3('erp-scale');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mails.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: (t.config.database as { url: string }).url,
    JWT_SECRET: crypto.randomBytes(36).toString('base64url'),
    CIPHER_KEY: 'scale-test-key-1',
    PAYMENT_GATEWAY: 'demo',
    SEED_DEMO: 'false',
    ...s3.env,
    TRUSTED_PROXIES: '127.0.0.1',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    JOB_POLL_MS: '100',
    WEB_DIST: path.join(temp('erp-scale-'), 'no-web'),
  };
  // The demo colleges while the replicas start (they find the tables made and seed nothing). Each
  // replica has its own upload folder, which must stay empty: the files are in the bucket.
  const started = await Promise.allSettled([
    seedDemo(t.db, t.config),
    ...[0, 1, 2].map(() => startReplica({ ...env, UPLOAD_DIR: temp('erp-replica-uploads-') }).then((r) => replicas.push(r))),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  college = await collegeId(t.db);
  proxy = await startNginx({ upstreams: replicas.map((r) => `127.0.0.1:${r.port}`) });
}, 150_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(replicas.map((r) => r.kill()));
  await s3?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await t?.close();
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, module: 'erp', domain: base }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username} at ${base}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('three replicas behind nginx, on one PostgreSQL and one bucket', () => {
  it('a photo uploaded through one replica downloads through another, with the access check', async () => {
    const body = multipart([
      {
        name: 'application',
        value: JSON.stringify({
          admissionType: 'Direct',
          courseAppliedFor: 'B.Tech',
          batch: '2025-2029',
          branch: 'CSE',
          name: 'Scale Test Applicant',
          gender: 'FEMALE',
          dateOfBirth: '2008-05-14',
          aadharNo: nextAadhar(),
          emailId: 'applicant@example.com',
          studentContactNo: '9876501234',
          fathersName: 'Ramana Reddy',
          nationality: 'Indian',
        }),
      },
      { name: 'photo', value: PHOTO_JPG, filename: 'me.jpg', type: 'image/jpeg' },
      { name: 'documents', value: MEMO_PDF, filename: 'ssc-memo.pdf', type: 'application/pdf' },
    ]);
    const sent = await fetch(`${replicas[0].url}/api/public/applications`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { number } = (await sent.json()) as { number: string };

    const token = await signIn(replicas[1].url, 'admissions');
    const list = await fetch(`${replicas[1].url}${OFFICE}?q=${encodeURIComponent(number)}`, { headers: bearer(token) });
    const [item] = ((await list.json()) as { items: Array<{ id: number; files: Array<{ id: number; kind: string }> }> }).items;
    const photo = item.files.find((f) => f.kind === 'photo')!;
    const address = `${replicas[1].url}${OFFICE}/${item.id}/files/${photo.id}`;
    const download = await fetch(address, { headers: bearer(token) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await download.arrayBuffer()).equals(PHOTO_JPG)).toBe(true);
    expect((await fetch(address)).status).toBe(401);
    expect((await fetch(`${replicas[2].url}${OFFICE}/${item.id}/files/${photo.id}`)).status).toBe(401);
    // Through the proxy too, to whichever replica it picks; and no replica kept it on its own disk.
    const proxied = await fetch(`${proxy.url}${OFFICE}/${item.id}/files/${photo.id}`, { headers: bearer(token) });
    expect(Buffer.from(await proxied.arrayBuffer()).equals(PHOTO_JPG)).toBe(true);
    expect(proxied.headers.get('x-cache-status')).toBeNull();
    const photoKeys = (await s3.keys()).filter((k) => /^SVEC\/applications\/.+-photo-0\.jpg$/.test(k));
    expect(photoKeys).toHaveLength(1);
    expect((await s3.get(photoKeys[0]))!.equals(PHOTO_JPG)).toBe(true);
    const onDisk = tempDirs
      .filter((d) => d.includes('erp-replica-uploads-'))
      .flatMap((d) => fs.readdirSync(d, { recursive: true, encoding: 'utf8' }));
    expect(onDisk).toEqual([]);
  });

  it('shows a results publish on every replica and through the proxy within a second, the proxy asking once per key', async () => {
    const student = await newStudent(t.db, college, { full_name: 'Results Day Student' });
    const title = await newExamTitle(t.db, college, { published: 0 });
    await newExamResult(t.db, college, title, student, { code: 'CS801', name: 'Distributed Systems', credits: 3, marks: 81 });
    await bumpResultsVersion(t.db, college);
    const lookupPath = `/api/v1/getExamResultByRollNoView?rollNo=${encodeURIComponent(student.rollNo)}&examTitle=${encodeURIComponent(title.title)}`;
    const targets = [...replicas.map((r) => r.url), proxy.url];
    const shows = async (base: string) => {
      const res = await fetch(`${base}${lookupPath}`);
      expect(res.status).toBe(200);
      const view = (await res.json()) as { listofRecords: Array<{ grade: string }> };
      return { published: view.listofRecords.length > 0, cache: res.headers.get('x-cache-status') };
    };

    // Results day before the publish: every replica and the proxy have answered, and keep answering
    // from their caches (the proxy from its own: a HIT).
    const cacheSeen = new Set<string | null>();
    for (const end = Date.now() + 1200; Date.now() < end; await sleep(50)) {
      for (const base of targets) {
        const s = await shows(base);
        expect(s.published).toBe(false);
        if (base === proxy.url) cacheSeen.add(s.cache);
      }
    }
    expect(cacheSeen.has('HIT')).toBe(true);

    // The first asks for a new key, all at once: one goes to a replica (MISS), the rest wait for its
    // answer and are answered from the cache.
    const burstPath = `/api/v1/getExamResultByRollNoView?rollNo=${encodeURIComponent(student.rollNo)}&examTitle=${encodeURIComponent(`${title.title} `)}`;
    const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${proxy.url}${burstPath}`).then((r) => r.status)));
    expect(burst).toEqual(Array(40).fill(200));
    const burstLines = proxy.accessLines().filter((l) => l.includes(burstPath));
    expect(burstLines).toHaveLength(40);
    expect(burstLines.filter((l) => l.includes(' cache=MISS '))).toHaveLength(1);

    const token = await signIn(proxy.url, 'examcell');
    const publish = await fetch(`${proxy.url}/api/exam-results/titles/${title.id}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ published: true }),
    });
    expect(publish.status, await publish.clone().text()).toBe(200);
    const publishedAt = Date.now();
    // How long each took, for the record; then, a second after the publish, every one shows it.
    const firstShown = new Map<string, number>();
    while (Date.now() < publishedAt + 950) {
      for (const base of targets)
        if (!firstShown.has(base) && (await shows(base)).published) firstShown.set(base, Date.now() - publishedAt);
      await sleep(20);
    }
    await sleep(publishedAt + 1000 - Date.now());
    const late = [];
    for (const base of targets) if (!(await shows(base)).published) late.push(base);
    expect(late).toEqual([]);
    console.log(
      `publish shown after (ms): ${targets.map((b) => `${b === proxy.url ? 'proxy' : b} ${firstShown.get(b) ?? '≥950'}`).join(', ')}`,
    );
  });

  it('runs a due job once with three workers up', async () => {
    const before = mails.length;
    const subject = `Scale test ${crypto.randomBytes(4).toString('hex')}`;
    const outboxId = await queueMail(t.db, {
      collegeId: college,
      kind: 'test',
      to: 'office@example.org',
      subject,
      body: 'Once, please.',
    });
    const job = () =>
      t.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', 'mail')
        .where('payload_json', '=', JSON.stringify({ outboxId }))
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && (await job()).status !== 'done'; i++) await sleep(100);
    await sleep(500); // a second run, if there were one, would have sent by now
    expect(await job()).toEqual({ status: 'done', attempts: 1 });
    expect(mails.slice(before).filter((m) => m.includes(subject))).toHaveLength(1);
  });

  it('loses only the requests a killed replica had in flight: every later request succeeds', async () => {
    const token = await signIn(proxy.url, 'admin');
    const asks = [
      () => fetch(`${proxy.url}/api/v1/getDistinctExamTitlesBy`),
      () => fetch(`${proxy.url}/api/me/notifications`, { headers: bearer(token) }),
    ];
    const outcomes: Array<{ started: number; ok: boolean }> = [];
    const loadUntil = Date.now() + 4000;
    let killedAt = Infinity;
    const victim = replicas[1];
    const worker = async (n: number) => {
      for (let i = n; Date.now() < loadUntil; i++) {
        const started = Date.now();
        const ok = await asks[i % asks.length]().then(
          async (r) => (await r.arrayBuffer(), r.status === 200),
          () => false,
        );
        outcomes.push({ started, ok });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    await sleep(1000);
    await victim.kill();
    killedAt = Date.now();
    await load;
    const before = outcomes.filter((o) => o.started < killedAt);
    const after = outcomes.filter((o) => o.started >= killedAt);
    console.log(
      `killed under load: ${before.length} asks before (${before.filter((o) => !o.ok).length} failed), ${after.length} after`,
    );
    expect(after.length).toBeGreaterThan(40);
    expect(after.filter((o) => !o.ok)).toEqual([]);
    // at most the eight in flight when it died (nginx retries a GET on another replica)
    expect(before.filter((o) => !o.ok).length).toBeLessThanOrEqual(8);
    // it had its share before it died, and nginx found it gone
    const victimAddress = `127.0.0.1:${victim.port}`;
    expect(proxy.accessLines().some((l) => l.includes(`upstream=${victimAddress}/200`))).toBe(true);
    expect(proxy.errorLog()).toContain(victimAddress);
  });
});
