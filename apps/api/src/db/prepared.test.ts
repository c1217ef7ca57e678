import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { prepared, preparedIn, preparedRows } from './prepared.js';

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

const addPhones = preparedRows((db, a: { collegeId: number }, rows: Array<{ number: string; order: number }>) =>
  db.insertInto('college_phones').values(rows.map((r) => ({ college_id: a.collegeId, number: r.number, sort_order: r.order }))),
);
const namesOf = preparedIn((db, _a: Record<string, never>, codes: string[]) =>
  db.selectFrom('colleges').select('name').where('code', 'in', codes).orderBy('code'),
);
const collegeId = async (code: string) =>
  (await t.db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const phonesOf = async (code: string) =>
  (
    await t.db
      .selectFrom('college_phones')
      .select(['number', 'sort_order'])
      .where('college_id', '=', await collegeId(code))
      .orderBy('id')
      .execute()
  ).map((r) => `${r.number}#${r.sort_order}`);

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

  it('outside a transaction, are no part of one running at the time', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const failing = t.db.transaction().execute(async (trx) => {
      await rename.changes(trx, { code: 'PA', name: 'In the transaction' });
      entered();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back');
    });
    await inside;
    // Asked while the transaction holds the embedded database's one connection.
    const outside = rename.changes(t.db, { code: 'PB', name: 'Outside' });
    await expect(failing).rejects.toThrow('roll back');
    expect(await outside).toBe(1);
    expect((await byCode.first(t.db, { code: 'PA' }))?.name).toBe('Prepared A');
    expect((await byCode.first(t.db, { code: 'PB' }))?.name).toBe('Outside');
    await rename.changes(t.db, { code: 'PB', name: 'Prepared B' });
  });

  it('refuse a query that writes an argument into its SQL text', async () => {
    const inlined = prepared((db, a: { code: string }) =>
      db.selectFrom('colleges').select('name').where('code', '=', sql.lit(a.code)),
    );
    await expect(inlined.all(t.db, { code: 'PA' })).rejects.toThrow('an argument is written into the SQL text');
  });

  it('write lists of rows, each count compiled once, each call with its own rows', async () => {
    const pa = await collegeId('PA');
    const pb = await collegeId('PB');
    expect(
      await addPhones.changes(t.db, { collegeId: pa }, [
        { number: '11', order: 1 },
        { number: '12', order: 2 },
      ]),
    ).toBe(2);
    // The same count again, other values: the first call's values are not kept.
    expect(
      await addPhones.changes(t.db, { collegeId: pb }, [
        { number: '21', order: 1 },
        { number: '22', order: 2 },
      ]),
    ).toBe(2);
    expect(await addPhones.changes(t.db, { collegeId: pa }, [{ number: '13', order: 3 }])).toBe(1);
    expect(await addPhones.changes(t.db, { collegeId: pa }, [])).toBe(0);
    expect(await phonesOf('PA')).toEqual(['11#1', '12#2', '13#3']);
    expect(await phonesOf('PB')).toEqual(['21#1', '22#2']);
  });

  it('write a list longer than the counts it keeps compiled', async () => {
    await sql`insert into colleges (code, name, created_at) values ('PL', 'Prepared L', '2026-01-01T00:00:00.000Z')`.execute(
      t.db,
    );
    const rows = Array.from({ length: 130 }, (_, i) => ({ number: `9${String(i).padStart(3, '0')}`, order: i }));
    expect(await addPhones.changes(t.db, { collegeId: await collegeId('PL') }, rows)).toBe(130);
    const saved = await phonesOf('PL');
    expect(saved).toHaveLength(130);
    expect(saved[0]).toBe('9000#0');
    expect(saved[129]).toBe('9129#129');
  });

  it('read by an in list of plain values, each call with its own values', async () => {
    expect(await namesOf.all(t.db, {}, ['PB', 'PA'])).toEqual([{ name: 'Prepared A' }, { name: 'Prepared B' }]);
    expect(await namesOf.all(t.db, {}, ['PA', 'ZZ'])).toEqual([{ name: 'Prepared A' }]);
    expect(await namesOf.all(t.db, {}, [])).toEqual([]);
  });
});
