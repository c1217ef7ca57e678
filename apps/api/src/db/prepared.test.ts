import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { prepared } from './prepared.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The other columns keep their defaults.
  await sql`insert into colleges (code, name, created_at)
    values ('PA', 'Prepared A', '2026-01-01T00:00:00.000Z'), ('PB', 'Prepared B', '2026-01-01T00:00:00.000Z')`.execute(t.db);
});
afterAll(async () => t.close());

const byCode = prepared((db, a: { code: string }) =>
  db.selectFrom('colleges').select(['code', 'name']).where('code', '=', a.code).where('code', '!=', 'ZZ'),
);
const rename = prepared((db, a: { code: string; name: string }) =>
  db.updateTable('colleges').set({ name: a.name }).where('code', '=', a.code),
);

describe('prepared queries', () => {
  it('answer each call with its own values, the constants kept', async () => {
    expect(await byCode.first(t.db, { code: 'PA' })).toEqual({ code: 'PA', name: 'Prepared A' });
    expect(await byCode.all(t.db, { code: 'PB' })).toEqual([{ code: 'PB', name: 'Prepared B' }]);
    expect(await byCode.first(t.db, { code: 'none' })).toBeUndefined();
  });

  it('count the rows a write changed, and run in the transaction they are given', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await rename.changes(trx, { code: 'PA', name: 'Renamed' })).toBe(1);
        expect((await byCode.first(trx, { code: 'PA' }))?.name).toBe('Renamed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await byCode.first(t.db, { code: 'PA' }))?.name).toBe('Prepared A');
    expect(await rename.changes(t.db, { code: 'nobody', name: 'x' })).toBe(0);
  });

  it('refuse a query that writes an argument into its SQL text', async () => {
    const inlined = prepared((db, a: { code: string }) =>
      db.selectFrom('colleges').select('name').where('code', '=', sql.lit(a.code)),
    );
    await expect(inlined.all(t.db, { code: 'PA' })).rejects.toThrow('an argument is written into the SQL text');
  });
});
