import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The demo's earlier financial years (seed/fee-history.ts). Worked by hand for 2021-22 at SVEC:
 * on the rolls were the graduated batches 2018-2022 (4th year), 2019-2023, 2020-2024 and
 * 2021-2025 (1st year), six students in each of five branches: 120 students, none with a seat
 * profile, so each pays the convener's ₹70,000 tuition, ₹5,000 special and ₹2,500 exam fee, the
 * 2021 batch another ₹10,000 admission fee: 90 × ₹77,500 + 30 × ₹87,500 = ₹96,00,000, all paid.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const SVEC = async () => (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;

describe('the demo’s fee history', () => {
  it('holds 2021-22’s demand, paid in full by 120 numbered counter receipts', async () => {
    const c = await SVEC();
    const receipts = await t.db
      .selectFrom('acc_receipts')
      .select(['receipt_no', 'amount_paise', 'entry_date'])
      .where('college_id', '=', c)
      .where('fy', '=', '2021-22')
      .orderBy('receipt_no')
      .execute();
    expect(receipts.length).toBe(120);
    expect(receipts.map((r) => r.receipt_no)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(receipts.reduce((a, r) => a + r.amount_paise, 0)).toBe(960_000_000);
    expect(receipts.every((r) => r.entry_date >= '2021-07-01' && r.entry_date <= '2022-03-31')).toBe(true);
    const open = await t.db
      .selectFrom('acc_demand_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', c)
      .where('fy', '<', '2025-26')
      .whereRef('paid_paise', '<', 'amount_paise')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
  });

  it('gives the chairman’s money figures for 2021-22 from the ledger', async () => {
    const res = await t.as('chairman', { method: 'GET', url: '/api/analytics/fees?from=2021-04-01&to=2022-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.totals.demandPaise).toBe(960_000_000);
    expect(f.totals.collectedPaise).toBe(960_000_000);
    expect(f.totals.lastYearCollectedPaise).toBe(0);
  });
});
