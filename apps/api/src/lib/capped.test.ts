import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { cappedRows, mapCapped, pagedRows } from './capped.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // five colleges named Capped, two named Other; the other columns keep their defaults
  await sql`insert into colleges (code, name, created_at) values
    ('CP1', 'Capped 1', '2026-01-01'), ('CP2', 'Capped 2', '2026-01-01'), ('CP3', 'Capped 3', '2026-01-01'),
    ('CP4', 'Capped 4', '2026-01-01'), ('CP5', 'Capped 5', '2026-01-01'),
    ('OT1', 'Other 1', '2026-01-01'), ('OT2', 'Other 2', '2026-01-01')`.execute(t.db);
});
afterAll(async () => t.close());

const named = (prefix: string) =>
  t.db.selectFrom('colleges').select(['code', 'name']).where('name', 'like', `${prefix}%`).orderBy('code', 'desc');

describe('a list capped for speed', () => {
  it('sends the first rows in order and counts every row the same filters match', async () => {
    expect(await cappedRows(named('Capped'), 2)).toEqual({
      items: [
        { code: 'CP5', name: 'Capped 5' },
        { code: 'CP4', name: 'Capped 4' },
      ],
      total: 5,
      limit: 2,
    });
    // the filter narrows the count too: 2 Others, not the 7 colleges
    expect(await cappedRows(named('Other'), 1)).toMatchObject({ items: [{ code: 'OT2' }], total: 2, limit: 1 });
  });

  it('says all are here when fewer than the cap match, and nothing when none do', async () => {
    expect((await cappedRows(named('Capped'), 10)).total).toBe(5);
    expect(await cappedRows(named('Nobody'), 10)).toEqual({ items: [], total: 0, limit: 10 });
  });

  it('turns each row into its view, the count kept', async () => {
    const list = await cappedRows(named('Other'), 1);
    expect(mapCapped(list, (r) => r.code.toLowerCase())).toEqual({ items: ['ot2'], total: 2, limit: 1 });
  });

  it('pages the same query: page 2 of 2 a page holds the third and fourth, the count unchanged', async () => {
    expect(await pagedRows(named('Capped'), 2, 2)).toMatchObject({
      items: [{ code: 'CP3' }, { code: 'CP2' }],
      total: 5,
      page: 2,
      pageSize: 2,
    });
    // past the end: no rows, still the count
    expect(await pagedRows(named('Capped'), 4, 2)).toMatchObject({ items: [], total: 5 });
  });
});
