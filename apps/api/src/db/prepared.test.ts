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

  it('build a query once per database, checked with three sets of stand-ins, and a list of rows once per count', async () => {
    let builds = 0;
    const counted = prepared((db, a: { code: string }) => {
      builds++;
      return db.selectFrom('colleges').select('name').where('code', '=', a.code);
    });
    expect(await counted.first(t.db, { code: 'PA' })).toEqual({ name: 'Prepared A' });
    expect(await counted.first(t.db, { code: 'PB' })).toEqual({ name: 'Prepared B' });
    expect(builds).toBe(3);

    let rowBuilds = 0;
    const countedIn = preparedIn((db, _a: Record<string, never>, codes: string[]) => {
      rowBuilds++;
      return db.selectFrom('colleges').select('name').where('code', 'in', codes);
    });
    await countedIn.all(t.db, {}, ['PA', 'PB']);
    await countedIn.all(t.db, {}, ['PB', 'PA']);
    expect(rowBuilds).toBe(3);
    // Longer than the counts kept: compiled on each call, checked on the first only.
    const many = Array.from({ length: 130 }, (_, i) => `X${i}`);
    await countedIn.all(t.db, {}, many);
    await countedIn.all(t.db, {}, many);
    expect(rowBuilds).toBe(3 + 3 + 1);
  });
});

describe('prepared queries that depend on their arguments are refused', () => {
  const collegesByCode = () => t.db.selectFrom('colleges').select('name').where('code', '=', 'PA');
  /** The message a refused query's first call rejects with. */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => 'ran',
      (e: Error) => e.message,
    );

  it('an `if` on an argument, naming the builder and both queries it built', async () => {
    const since = prepared(function collegesSince(db, a: { code: string; since: string | null }) {
      let q = db.selectFrom('colleges').select('name').where('code', '=', a.code);
      if (a.since) q = q.where('created_at', '>=', a.since);
      return q;
    });
    const message = await refusal(since.all(t.db, { code: 'PA', since: null }));
    expect(message).toContain('prepared query collegesSince builds a different query when its arguments change');
    const both = collegesByCode().where('created_at', '>=', 'x').compile().sql;
    const one = collegesByCode().compile().sql;
    expect(message).toContain(`with named stand-ins: ${both} [<code>, <since>]`);
    expect(message).toContain(`with 0 for every argument: ${one} [0]`);
    // Refused on every call, not kept.
    expect(await refusal(since.all(t.db, { code: 'PA', since: '2025-01-01' }))).toBe(message);
  });

  it('a ternary on an argument, naming where the query is defined', async () => {
    const byKind = prepared((db, a: { code: string; byName: boolean }) =>
      db
        .selectFrom('colleges')
        .select('name')
        .where(a.byName ? 'name' : 'code', '=', a.code),
    );
    const message = await refusal(byKind.all(t.db, { code: 'PA', byName: false }));
    expect(message).toMatch(/^prepared query defined at .*prepared\.test\.ts:\d+:\d+.* builds a different query/);
    expect(message).toContain(`with 0 for every argument: ${collegesByCode().compile().sql} [0]`);
  });

  it("a default for a missing argument, a value worked out of one, or a list argument's length", async () => {
    const withDefault = prepared((db, a: { code: string | null }) =>
      db
        .selectFrom('colleges')
        .select('name')
        .where('code', '=', a.code ?? 'PA'),
    );
    expect(await refusal(withDefault.all(t.db, { code: null }))).toContain(
      `with null for every argument: ${collegesByCode().compile().sql} ["PA"]`,
    );
    const like = prepared((db, a: { q: string }) => db.selectFrom('colleges').select('name').where('name', 'like', `%${a.q}%`));
    expect(await refusal(like.all(t.db, { q: 'Prep' }))).toContain('builds a different query when its arguments change');
    const trimmed = prepared((db, a: { code: string }) =>
      db.selectFrom('colleges').select('name').where('code', '=', a.code.trim()),
    );
    expect(await refusal(trimmed.all(t.db, { code: ' PA ' }))).toMatch(
      /fails when built with 0 for every argument: the builder uses an argument's value .* TypeError/,
    );
    const firstFew = prepared((db, a: { codes: string[] }) => db.selectFrom('colleges').select('name').limit(a.codes.length));
    expect(await refusal(firstFew.all(t.db, { codes: ['PA'] }))).toContain('builds a different query when its arguments change');
  });

  it('an argument Kysely itself would write into the SQL', async () => {
    const isCode = prepared((db, a: { code: string | null }) =>
      db.selectFrom('colleges').select('name').where('code', 'is', a.code),
    );
    expect(await refusal(isCode.all(t.db, { code: null }))).toContain('with null for every argument');
  });

  it('a branch on a field of a row or on an argument of a list query', async () => {
    const phones = preparedRows((db, a: { collegeId: number }, rows: Array<{ number: string; order: number | null }>) =>
      db
        .insertInto('college_phones')
        .values(rows.map((r) => ({ college_id: a.collegeId, number: r.number, sort_order: r.order ?? 0 }))),
    );
    const message = await refusal(phones.changes(t.db, { collegeId: await collegeId('PA') }, [{ number: '55', order: null }]));
    expect(message).toContain('builds a different query when its arguments change');
    expect(message).toContain('[<collegeId>, <row 0.number>, <row 0.order>]');
    expect(await phonesOf('PA')).not.toContain('55#0');

    const open = preparedIn((db, a: { openOnly: boolean }, codes: string[]) =>
      a.openOnly
        ? db.selectFrom('colleges').select('name').where('code', 'in', codes).where('name', '!=', '')
        : db.selectFrom('colleges').select('name').where('code', 'in', codes),
    );
    expect(await refusal(open.all(t.db, { openOnly: true }, ['PA']))).toContain(
      'builds a different query when its arguments change',
    );
  });
});
