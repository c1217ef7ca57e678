import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNirfData } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { qualityCollege } from '../naac/naac.test-helpers.js';

let t: TestApp;
let q: Awaited<ReturnType<typeof qualityCollege>>;
const get = (url: string, user = 'iqac') => t.as(user, { method: 'GET', url }, q.host);
const putInputs = (payload: Record<string, unknown>) => t.as('iqac', { method: 'PUT', url: '/api/nirf/inputs', payload }, q.host);
const scores = (d: TNirfData) => Object.fromEntries(d.scores.map((s) => [s.id, s.score]));

beforeAll(async () => {
  t = await createTestApp();
  q = await qualityCollege(t.db);
});
afterAll(async () => t.close());

describe('GET /api/nirf/data', () => {
  it('scores what the portal holds and lists what is missing', async () => {
    const res = await get('/api/nirf/data?year=2024');
    expect(res.statusCode, res.body).toBe(200);
    const d: TNirfData = res.json();
    expect(scores(d)).toEqual({
      FSR: 30, // 30 × min(15 × 2 teachers / 6 students, 1)
      // 20 × (0.5 × min(50/95, 1) + 0.5 × (0.3 × min(3 × 0.5, 1) + 0.3 × min(3 × 0.5, 1) + 0.4 × 0)): F1 14.9 years, F2 4.8 years
      FQE: 11.26,
      GUE: 37.5, // 60 × min(50% (S1, S3 of 4) / 80, 1)
      GPH: 30, // 40 × (50% placed + 25% higher studies)
      RD: null, // students from other states not entered
      WD: null, // women faculty not entered
      ESCS: 13.33, // 20 × min(33.33% (S5, S6 on NSP of 6) / 50, 1)
    });
    expect(d.missing).toEqual(
      expect.arrayContaining([
        'Students from other states (enter in IQAC inputs)',
        'Women faculty (%) (enter in IQAC inputs)',
        'Sanctioned intake 2024-25 (enter in NAAC inputs)',
        'Salaries paid 2024-25 (enter in NIRF inputs)',
      ]),
    );
    const rd = d.scores.find((s) => s.id === 'RD')!;
    expect(rd.inputs.find((i) => i.key === 'other_countries')).toMatchObject({ value: 1, source: 'portal' }); // S6, Nepali
  });

  it('fills the data-capture tables from the portal', async () => {
    const d: TNirfData = (await get('/api/nirf/data?year=2024-25')).json();
    const table = (id: string) => d.tables.find((x) => x.id === id)!;
    expect(table('graduation').rows[2]).toEqual(['2024-25', 4, 2, 2, 500000, 1]); // median of ₹4 and ₹6 lakh first offers
    expect(table('finance').rows[2]).toEqual(['2024-25', 0.02, 1, 0.5, null, 1.02, null]);
    expect(table('strength').rows).toEqual([
      // programme, year, male, female, total, other countries, socially challenged, economically backward, govt, institution, none
      ['B.Tech CSE', 'I', 1, 1, 2, 1, 1, 1, 2, 0, 0],
      ['B.Tech CSE', 'IV', 2, 2, 4, 0, 0, 0, 0, 0, 4],
    ]);
    expect(table('publications').rows[2]).toEqual(['2024', 3, 1, 6]);
    expect(table('faculty').rows.map((r) => [r[0], r[6]])).toEqual([
      ['F1', 14],
      ['F2', 4],
    ]);
  });

  it('uses what IQAC enters and a revised weight for the year', async () => {
    const res = await putInputs({
      year: '2024-2025',
      values: [
        { key: 'other_states', value: 3 },
        { key: 'women_faculty', value: 1 },
        { key: 'weight.FSR', value: 25 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d: TNirfData = (await get('/api/nirf/data?year=2024')).json();
    const s = scores(d);
    expect(s.FSR).toBe(25);
    expect(s.RD).toBe(13.33); // 25 × 3/6 + 5 × 1/6
    expect(s.WD).toBe(30); // 15 × min(50/50, 1) + 15 × min(50/20, 1)
    expect(d.scores.find((x) => x.id === 'FSR')!.weight).toBe(25);
    // Last year's weight is untouched.
    const before: TNirfData = (await get('/api/nirf/data?year=2023')).json();
    expect(before.scores.find((x) => x.id === 'FSR')!.weight).toBe(30);
  });
});

describe('GET /api/nirf/export', () => {
  it('writes the data-capture sheets and the scores', async () => {
    const res = await get('/api/nirf/export?year=2024');
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'intake',
      'strength',
      'graduation',
      'faculty',
      'finance',
      'publications',
      'scores',
    ]);
    expect(wb.getWorksheet('graduation')!.getRow(6).values).toEqual([undefined, 3, '2024-25', 4, 2, 2, 500000, 1]);
    const fsr = wb.getWorksheet('scores')!.getRow(4).values as unknown[];
    expect(fsr.slice(1, 3)).toEqual(['TLR', 'FSR']);
  });

  it('is for IQAC, the principal and the admin only', async () => {
    expect((await get('/api/nirf/data?year=2024', 'clerk')).statusCode).toBe(403);
  });
});
