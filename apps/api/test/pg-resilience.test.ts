import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete, setupToken } from '../src/modules/setup/setup.service.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

/**
 * A PostgreSQL restart or failover cuts the portal's connections mid-query. The requests caught
 * in it may fail with 503; the process must live on and answer once the database is back.
 * PostgreSQL-only by nature: it runs against TEST_DATABASE_URL or the local server.
 */
const BASE = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '')
  ? process.env.TEST_DATABASE_URL!
  : 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
beforeAll(async () => {
  // One college and its admin are all this needs: quicker than the demo seed.
  t = await createTestApp({ seed: false, postgresBase: BASE });
  await complete(t.db, t.config, {
    token: setupToken(t.config),
    college: { name: 'Resilience College', code: 'RES', email: 'office@res.example.org' },
    admin: { username: 'admin', email: 'admin@res.example.org', password: DEMO_PASSWORD },
  });
});
afterAll(async () => t.close());

async function terminateBackends(database: string) {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL connections cut under load', () => {
  it('cost in-flight requests a 503 at most, never the process', async () => {
    const database = new URL((t.config.database as { url: string }).url).pathname.slice(1);
    const token = await t.token('admin');
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/calendar?from=2026-01-01', headers: { authorization: `Bearer ${token}` } });
    const write = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/calendar',
        headers: { authorization: `Bearer ${token}` },
        payload: { title: `Load ${i}`, kind: 'event', startDate: '2031-05-01' },
      });
    const statuses: number[] = [];
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const load = Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? read() : write(round * 40 + i)).then((r) => statuses.push(r.statusCode))),
      );
      await new Promise((r) => setTimeout(r, 5));
      terminated += await terminateBackends(database);
      await load;
    }
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Afterwards the pool has reconnected and everything answers.
    const after = await Promise.all(Array.from({ length: 10 }, () => read()));
    expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const failed = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(failed.statusCode).toBe(200);
  });
});
