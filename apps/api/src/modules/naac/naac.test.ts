import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNaacEvidence, TNaacMetrics } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { evaluate, parseFormula } from './expr.js';
import { qualityCollege } from '../../../test/modules/naac.js';

let t: TestApp;
let q: Awaited<ReturnType<typeof qualityCollege>>;
const get = (url: string, user = 'iqac') => t.as(user, { method: 'GET', url }, q.host);

beforeAll(async () => {
  t = await createTestApp();
  q = await qualityCollege(t.db);
  // IQAC enters the intake and reserved seats for 2024-25, not the sanctioned posts.
  const res = await t.as(
    'iqac',
    {
      method: 'PUT',
      url: '/api/naac/inputs',
      payload: {
        year: '2024-25',
        values: [
          { key: 'sanctioned_intake', value: 4 },
          { key: 'reserved_seats', value: 2, note: 'G.O. 12' },
        ],
      },
    },
    q.host,
  );
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

describe('formulas are data', () => {
  it('parses and evaluates the arithmetic the framework uses, and nothing else', () => {
    expect(evaluate(parseFormula('a / b * 100'), { a: 1, b: 3 }).value).toBe(33.33);
    expect(evaluate(parseFormula('w * min(15 * f / n, 1)'), { w: 30, f: 1, n: 30 }).value).toBe(15);
    expect(evaluate(parseFormula('a / b'), { a: 1, b: 0 })).toEqual({ value: null, problem: 'division_by_zero' });
    expect(evaluate(parseFormula('a + b'), { a: 1 })).toEqual({ value: null, problem: 'missing' });
    expect(() => parseFormula('process.exit(1)')).toThrow();
    expect(() => parseFormula('a ; b')).toThrow();
  });
});

describe('GET /api/naac/metrics', () => {
  let m: TNaacMetrics;
  const metric = (id: string) => m.metrics.find((x) => x.id === id)!;
  beforeAll(async () => {
    const res = await get('/api/naac/metrics?year=2024');
    expect(res.statusCode, res.body).toBe(200);
    m = res.json();
  });

  it('computes each figure of 2024-25 from the rows the test made', () => {
    expect(m.label).toBe('2024-25');
    const values = Object.fromEntries(m.metrics.map((x) => [x.id, x.value]));
    expect(values).toEqual({
      '2.1.1': 50, // 2 admitted in the year / intake 4
      '2.1.2': 50, // 1 BC-A admission / 2 reserved seats
      '2.2.1': 3, // 6 students on the rolls (S1–S6) / 2 teachers (F1, F2; F3 joins later, F4 retired)
      '2.4.1': null, // sanctioned posts not entered
      '2.4.2': 50, // F1 of F1, F2
      '2.6.3': 66.67, // S1, S3 passed of S1, S2, S3 with results
      '3.3.1': 1.5, // 3 papers of 2024 / 2 teachers
      '4.2.2': 0.02, // ₹500 + ₹1,500 = ₹2,000 = 0.02 lakh
      '4.2.3': 0.5, // 3 loans in the year / 6 students
      '5.1.1': 33.33, // S5 (merit + NSP) and S6 (NSP) / 6
      '5.1.5': 66.67, // 2 decided of 3 lodged
      '5.1.5a': 33.33, // 1 decided by its due date of 3
      '5.2.1': 50, // S1, S2 placed of 4 outgoing
      '5.2.2': 25, // S3 to an M.Tech of 4
    });
  });

  it('shows the formula and inputs, and warns where data is missing', () => {
    const posts = metric('2.4.1');
    expect(posts.formula).toBe('fulltime_teachers / sanctioned_posts * 100');
    expect(posts.inputs).toEqual([
      { key: 'fulltime_teachers', label: 'Full-time teachers', source: 'portal', value: 2, missing: false },
      { key: 'sanctioned_posts', label: 'Sanctioned teaching posts', source: 'iqac', value: null, missing: true },
    ]);
    expect(posts.warnings).toContain('Sanctioned teaching posts for 2024-25 is not entered (IQAC inputs)');
    expect(metric('2.1.1').warnings).toEqual([]);
  });

  it('gives five years of history, oldest first', () => {
    expect(m.years.map((y) => y.label)).toEqual(['2020-21', '2021-22', '2022-23', '2023-24', '2024-25']);
    const papers = metric('3.3.1').history;
    expect(papers.map((h) => h.value)).toEqual([0, 0, 0, 0.5, 1.5]); // 1 paper of 2023 / F1, F2
    expect(metric('2.1.1').history[3].value).toBeNull(); // 2023-24: intake not entered
  });

  it('refuses a malformed year and other roles', async () => {
    const bad = await get('/api/naac/metrics?year=20x4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Year must look like 2025 or 2025-26');
    expect((await get('/api/naac/metrics?year=2024', 'clerk')).statusCode).toBe(403);
  });
});

describe('GET /api/naac/metrics/:metric/evidence', () => {
  it('lists the rows behind each input', async () => {
    const res = await get('/api/naac/metrics/2.6.3/evidence?year=2024-25');
    expect(res.statusCode, res.body).toBe(200);
    const e: TNaacEvidence = res.json();
    expect(e.value).toBe(66.67);
    const passed = e.inputs.find((i) => i.key === 'final_year_passed')!;
    expect(passed.columns).toEqual(['Roll no', 'Name', 'Branch', 'Results held', 'Still failed']);
    expect(passed.rows.map((r) => r[0])).toEqual([`${q.tag}S1`, `${q.tag}S3`]);
    const appeared = e.inputs.find((i) => i.key === 'final_year_appeared')!;
    expect(appeared.rows.find((r) => r[0] === `${q.tag}S2`)?.[4]).toBe('1');
  });

  it('shows what IQAC entered, with the note', async () => {
    const e: TNaacEvidence = (await get('/api/naac/metrics/2.1.2/evidence?year=2024')).json();
    expect(e.inputs.find((i) => i.key === 'reserved_seats')).toMatchObject({
      source: 'iqac',
      value: 2,
      rows: [['2', 'G.O. 12']],
    });
    expect(e.inputs.find((i) => i.key === 'reserved_admitted')!.rows.map((r) => [r[0], r[5]])).toEqual([['A1', 'BC-A']]);
  });

  it('says when the metric does not exist', async () => {
    const res = await get('/api/naac/metrics/9.9.9/evidence?year=2024');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such NAAC metric');
  });
});

describe('IQAC inputs', () => {
  it('saves, clears and refuses unknown keys', async () => {
    const put = (payload: Record<string, unknown>) => t.as('iqac', { method: 'PUT', url: '/api/naac/inputs', payload }, q.host);
    expect((await put({ year: 2023, values: [{ key: 'sanctioned_posts', value: 5 }] })).json().fields[2].value).toBe(5);
    const cleared = await put({ year: 2023, values: [{ key: 'sanctioned_posts', value: null }] });
    expect(cleared.json().fields[2].value).toBeNull();
    const bad = await put({ year: 2023, values: [{ key: 'salary', value: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('No such input for this year: salary');
    const neg = await put({ year: 2023, values: [{ key: 'sanctioned_posts', value: -1 }] });
    expect(neg.statusCode).toBe(400);
  });
});

describe('GET /api/naac/export', () => {
  it('writes the data-template layout with the evidence lists', async () => {
    const res = await get('/api/naac/export?years=2023-2024');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('Summary')!;
    expect(summary.getRow(3).values).toEqual([undefined, 'Metric', 'Title', 'Formula', '2023-24', '2024-25', 'Warnings']);
    const enrol = summary.getRow(4).values as unknown[];
    // 2023-24: the intake was not entered, so the cell is empty.
    expect(enrol.slice(1, 6)).toEqual(['2.1.1', 'Enrolment percentage', 'admitted / sanctioned_intake * 100', undefined, 50]);
    const sheet = wb.getWorksheet('5.2.1')!;
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      'Year',
      'Outgoing students placed',
      'Outgoing (final-year) students',
      'Placement of outgoing students',
    ]);
    expect(sheet.getRow(6).values).toEqual([undefined, '2024-25', 2, 4, 50]);
    const text: string[] = [];
    sheet.eachRow((r) => text.push((r.values as unknown[]).slice(1).join('|')));
    expect(text).toContain(`1|${q.tag}S1|Student S1|CSE|Acme|400000.00|2024-11-01`);
  });
});

describe('the demo college', () => {
  it('has five years of history for every NAAC figure and the NIRF scores', async () => {
    const m: TNaacMetrics = (await t.as('iqac', { method: 'GET', url: '/api/naac/metrics?year=2025-26' })).json();
    const gaps = m.metrics.flatMap((x) => x.history.filter((h) => h.value === null).map((h) => `${x.id} ${h.label}`));
    expect(gaps).toEqual([]);
    const n = (await t.as('principal', { method: 'GET', url: '/api/nirf/data?year=2025' })).json();
    expect(n.scores.filter((s: { score: number | null }) => s.score === null)).toEqual([]);
  });
});
