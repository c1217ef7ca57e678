import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNirfData } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { qualityCollege } from '../naac/naac.test-helpers.js';
import { newPlacementCompany } from '../../../test/builders.js';

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
      // three-year means: 2 teachers every year; 4, 4 and 6 students (S1–S4 from 2021, S5–S6 from 2024) → 4.67
      FSR: 30, // 30 × min(15 × 2 / 4.67, 1)
      // Ph.D. 50 % in each of the three years; experience in 2024-25: F1 14.9 years, F2 4.8 years
      // 20 × (0.5 × min(50/95, 1) + 0.5 × (0.3 × min(3 × 0.5, 1) + 0.3 × min(3 × 0.5, 1) + 0.4 × 0))
      FQE: 11.26,
      GUE: 37.5, // one graduating batch of the three (2024-25): 60 × min(50% (S1, S3 of 4) / 80, 1)
      GPH: 30, // the same batch: 40 × (50% placed + 25% higher studies)
      RD: null, // students from other states not entered
      WD: null, // women faculty not entered
      // reimbursed by the government: 2022-23 0 of 4, 2023-24 0 of 4 (S6's NSP line of 2023-24 is before S6 joined),
      // 2024-25 2 of 6 (S5, S6) = 33.33 % → mean 11.11 % → 20 × min(11.11 / 50, 1)
      ESCS: 4.44,
    });
    expect(d.scores.find((s) => s.id === 'ESCS')!.perYear.map((y) => [y.label, y.inputs[0].value])).toEqual([
      ['2022-23', 0],
      ['2023-24', 0],
      ['2024-25', 33.33],
    ]);
    expect(d.scores.find((s) => s.id === 'GUE')!.missing).toEqual([
      'Graduating batch: passed in minimum time (%) 2022-23 (no graduating batch in the portal)',
      'Graduating batch: passed in minimum time (%) 2023-24 (no graduating batch in the portal)',
    ]);
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
      'averages',
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

/**
 * Three years of their own: a second college (the same 2024-25 rows as above) plus
 *   T1, T2  batch 2019-2023 (graduating 2022-23): T1 passes and is placed at ₹3 lakh, T2 has no
 *           results and goes on to higher studies;
 *   U1–U4   batch 2020-2024 (graduating 2023-24): U1–U3 pass, U4 fails; U1 placed at ₹5 lakh,
 *           U2 at ₹7 lakh, U3 goes on to higher studies;
 *   F5      M.Tech, joined 1 June 2023;
 *   a capital bill of ₹40,000 paid in 2023-24; salaries ₹0.6 lakh (2023-24) and ₹1.5 lakh
 *   (2024-25), none for 2022-23; sanctioned intake 60 for 2023-24 and 2024-25, none for 2022-23.
 *
 *                          2022-23        2023-24        2024-25        mean
 *   students on the rolls  10 (S1–4 T U)  8 (S1–4 U)     6 (S1–6)       8
 *   faculty                2 (F1 F2)      3 (+F5)        3              2.67
 *   Ph.D. %                50             33.33          33.33          38.89
 *   passed in min. time %  50 (T1)        75 (U1–U3)     50 (S1 S3)     58.33
 *   placed %               50             50             50             50
 *   higher studies %       50             25             25             33.33
 *   median salary ₹        3,00,000       6,00,000       5,00,000       4,66,666.67
 *   capital ₹ per student  900/10 = 90    40,000/8 = 5,000   1,02,000/6 = 17,000   7,363.33
 *   operational ₹/student  – (salaries)   60,000/8 = 7,500   2,00,000/6 = 33,333.33   20,416.67
 *   sanctioned intake      –              60             60             60
 *
 *   FQE = 20 × (0.5 × 38.89/95 + 0.5 × (0.3 × min(3 × 2/3, 1) + 0.3 × min(3 × 1/3, 1) + 0.4 × 0))
 *       = 20 × (0.2047 + 0.3) = 10.09   (2024-25 experience: F2 4.8 and F5 1.9 years ≤ 8, F1 14.9)
 *   GUE = 60 × min(58.33 / 80, 1) = 43.75;  GPH = 40 × min((50 + 33.33) / 100, 1) = 33.33
 *   FSR = 30 × min(15 × 2.67 / 8, 1) = 30
 */
describe('NIRF three-year averages', () => {
  let q2: Awaited<ReturnType<typeof qualityCollege>>;
  const get2 = (url: string) => t.as('iqac', { method: 'GET', url }, q2.host);

  beforeAll(async () => {
    q2 = await qualityCollege(t.db);
    const c = q2.collegeId;
    const now = new Date().toISOString();
    const stu = async (roll: string, batch: string) =>
      (
        await t.db
          .insertInto('students')
          .values({
            college_id: c,
            roll_no: `${q2.tag}${roll}`,
            full_name: `Student ${roll}`,
            course: 'B.Tech',
            batch,
            branch: 'CSE',
            semester: 'IV-II',
            section: 'A',
            gender: 'MALE',
            email: `${roll}@${q2.host}`,
            mobile: '9876543210',
            father_name: 'Parent',
            admission_id: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const st = {
      t1: await stu('T1', '2019-2023'),
      t2: await stu('T2', '2019-2023'),
      u1: await stu('U1', '2020-2024'),
      u2: await stu('U2', '2020-2024'),
      u3: await stu('U3', '2020-2024'),
      u4: await stu('U4', '2020-2024'),
    };
    await t.db
      .insertInto('faculty')
      .values({
        college_id: c,
        emp_code: 'F5',
        full_name: 'Teacher F5',
        email: `F5@${q2.host}`,
        department: 'CSE',
        designation: 'Assistant Professor',
        created_at: now,
        retired: 0,
        qualification: 'M.Tech',
        phd: 0,
        date_of_joining: '2023-06-01',
      })
      .execute();
    const { id: exam } = await t.db
      .insertInto('exam_titles')
      .values({ college_id: c, title: `IV-II older ${q2.tag}`, exam_type: 'regular', published: 1, created_at: '2023-04-20T10:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = (roll: string, status: string) => ({
      college_id: c,
      exam_title_id: exam,
      roll_no: `${q2.tag}${roll}`,
      course_code: 'C1',
      course: 'C1',
      credits: 3,
      marks: status === 'Pass' ? 70 : 20,
      grade: status === 'Pass' ? 'B' : 'F',
      grade_points: status === 'Pass' ? 7 : 0,
      status,
      superseded: 0,
    });
    await t.db
      .insertInto('exam_results')
      .values([result('T1', 'Pass'), result('U1', 'Pass'), result('U2', 'Pass'), result('U3', 'Pass'), result('U4', 'Fail')])
      .execute();
    const olderAcme = await newPlacementCompany(t.db, c, 'Older Acme');
    const drive = (date: string, batch: string) => olderAcme.drive({ date, batch });
    const d22 = await drive('2022-11-01', '2019-2023');
    const d23 = await drive('2023-11-01', '2020-2024');
    const offer = (drive_id: number, student_id: number, ctc_paise: number) => ({
      college_id: c,
      drive_id,
      student_id,
      slot: 1,
      ctc_paise,
      joining_date: '2024-07-01',
      letter_path: null,
      created_at: now,
    });
    await t.db
      .insertInto('placement_offers')
      .values([offer(d22, st.t1, 30_000_000), offer(d23, st.u1, 50_000_000), offer(d23, st.u2, 70_000_000)])
      .execute();
    await t.db
      .insertInto('placement_higher_studies')
      .values([
        { college_id: c, student_id: st.t2, programme: 'M.Tech', institution: 'NIT', created_at: now },
        { college_id: c, student_id: st.u3, programme: 'MS', institution: 'Abroad', created_at: now },
      ])
      .execute();
    const vendor = await t.db
      .selectFrom('acc_vendors')
      .select('id')
      .where('college_id', '=', c)
      .executeTakeFirstOrThrow();
    const { id: bill } = await t.db
      .insertInto('acc_bills')
      .values({
        college_id: c,
        vendor_id: vendor.id,
        bill_no: '3',
        bill_date: '2023-09-01',
        description: 'Computer lab furniture',
        amount_paise: 4_000_000,
        gst_paise: 0,
        tds_paise: 0,
        paid_paise: 4_000_000,
        status: 'paid',
        created_by: null,
        created_by_name: '',
        decided_by_name: '',
        decision_note: '',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('acc_bill_payments')
      .values({
        college_id: c,
        bill_id: bill,
        fy: '2023-24',
        voucher_no: 3,
        entry_date: '2023-09-10',
        mode: 'bank',
        reference: '',
        amount_paise: 4_000_000,
        paid_by: '',
        created_at: now,
      })
      .execute();
    const put = async (framework: string, year: string, values: Array<{ key: string; value: number }>) => {
      const res = await t.as('iqac', { method: 'PUT', url: `/api/${framework}/inputs`, payload: { year, values } }, q2.host);
      expect(res.statusCode, res.body).toBe(200);
    };
    await put('nirf', '2023-24', [{ key: 'salaries_lakh', value: 0.6 }]);
    await put('nirf', '2024-25', [{ key: 'salaries_lakh', value: 1.5 }]);
    await put('naac', '2023-24', [{ key: 'sanctioned_intake', value: 60 }]);
    await put('naac', '2024-25', [{ key: 'sanctioned_intake', value: 60 }]);
  });

  it('averages the scores’ inputs over three years (three graduating batches) as worked out above', async () => {
    const res = await get2('/api/nirf/data?year=2024');
    expect(res.statusCode, res.body).toBe(200);
    const d: TNirfData = res.json();
    expect(scores(d)).toMatchObject({ FSR: 30, FQE: 10.09, GUE: 43.75, GPH: 33.33 });
    const fsr = d.scores.find((s) => s.id === 'FSR')!;
    expect(fsr.inputs.filter((i) => i.key !== 'weight').map((i) => [i.label, i.value])).toEqual([
      ['Full-time faculty, 3-year average', 2.67],
      ['Students on the rolls, 3-year average', 8],
    ]);
    expect(fsr.perYear.map((y) => [y.label, ...y.inputs.map((i) => i.value)])).toEqual([
      ['2022-23', 2, 10],
      ['2023-24', 3, 8],
      ['2024-25', 3, 6],
    ]);
    const gph = d.scores.find((s) => s.id === 'GPH')!;
    expect(gph.perYear.map((y) => y.inputs.map((i) => i.value))).toEqual([
      [50, 50],
      [50, 25],
      [50, 25],
    ]);
    expect(gph.missing).toEqual([]);
    expect(d.scores.find((s) => s.id === 'FQE')!.inputs.find((i) => i.key === 'phd_percent')!.value).toBe(38.89);
  });

  it('lists the three-year figures with their means, and what is missing year by year', async () => {
    const d: TNirfData = (await get2('/api/nirf/data?year=2024-25')).json();
    const averages = d.tables.find((x) => x.id === 'averages')!;
    expect(averages.columns).toEqual(['Figure', 'Used in', '2022-23', '2023-24', '2024-25', 'Three-year average']);
    const row = (label: string) => averages.rows.find((r) => r[0] === label)!.slice(2);
    expect(row('Sanctioned intake (NAAC inputs)')).toEqual([null, 60, 60, 60]);
    expect(row('Students on the rolls')).toEqual([10, 8, 6, 8]);
    expect(row('Full-time faculty')).toEqual([2, 3, 3, 2.67]);
    expect(row('Capital expenditure per student (₹)')).toEqual([90, 5000, 17000, 7363.33]);
    expect(row('Operational expenditure per student (₹)')).toEqual([null, 7500, 33333.33, 20416.67]);
    expect(row('Graduating batch: passed in minimum time (%)')).toEqual([50, 75, 50, 58.33]);
    expect(row('Graduating batch: median salary (₹)')).toEqual([300000, 600000, 500000, 466666.67]);
    const y22 = d.missingByYear.find((m) => m.label === '2022-23')!;
    expect(y22.missing).toEqual(['Sanctioned intake 2022-23 (enter in NAAC inputs)', 'Salaries paid 2022-23 (enter in NIRF inputs)']);
    expect(d.missingByYear.find((m) => m.label === '2023-24')).toBeUndefined();
    expect(d.missingByYear.find((m) => m.label === '2024-25')!.missing).toEqual([
      'Students from other states (enter in IQAC inputs)',
      'Women faculty (%) (enter in IQAC inputs)',
    ]);
    // The export carries the same table.
    const res = await get2('/api/nirf/export?year=2024');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('averages')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values.find((r) => r[2] === 'Students on the rolls')!.slice(4)).toEqual([10, 8, 6, 8]);
  });
});
