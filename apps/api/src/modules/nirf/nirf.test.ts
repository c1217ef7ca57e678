import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNirfData } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { qualityCollege } from '../../../test/modules/naac.js';
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
      // N = NT + NP needs the sanctioned intake (NAAC inputs), not entered for this college yet.
      FSR: null,
      FQE: null, // FRA is taken over max(N/15, F)
      // The one graduating batch of the three (2024-25: S1–S4) passed 2 (S1, S3), placed 2, higher studies 1:
      // Np = 2/2 = 100 %, Nhs = 1/2 = 50 % → 40 × min(1.5, 1)
      GPH: 40,
      GUE: null, // Ng is a share of the approved intake of the batch's first year (2021-22): not entered
      RD: null, // students from other states not entered
      WD: null, // women faculty not entered
    });
    expect(d.scores.find((s) => s.id === 'GUE')!.missing).toEqual([
      'Graduating batch: passed in the stipulated time (% of the approved intake) 2022-23 (no graduating batch in the portal)',
      'Graduating batch: passed in the stipulated time (% of the approved intake) 2023-24 (no graduating batch in the portal)',
      'Sanctioned intake 2021-22 (enter in NAAC inputs: the first year of the batch graduating in 2024-25)',
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
    // ESCS is f(Nesc), scaled by NIRF: captured in the three-year figures, not scored.
    expect(d.scores.find((s) => s.id === 'ESCS')).toBeUndefined();
    const escs = d.tables.find((x) => x.id === 'averages')!.rows.find((r) => r[1] === 'ESCS')!;
    // reimbursed by the government: 2022-23 0 of 4, 2023-24 0 of 4, 2024-25 2 of 6 (S5, S6) = 33.33 % → mean 11.11 %
    expect(escs.slice(2)).toEqual([0, 0, 33.33, 11.11]);
  });

  it('names the five heads with their weights and the marks of every parameter', async () => {
    const d: TNirfData = (await get('/api/nirf/data?year=2024')).json();
    expect(d.heads.map((h) => [h.id, h.weight, h.parameters.map((p) => `${p.id} ${p.marks}`).join(' + ')])).toEqual([
      ['TLR', 0.3, 'SS 20 + FSR 30 + FQE 20 + FRU 30'],
      ['RP', 0.3, 'PU 35 + QP 40 + IPR 15 + FPPP 10'],
      ['GO', 0.2, 'GPH 40 + GUE 15 + GMS 25 + GPHD 20'],
      ['OI', 0.1, 'RD 30 + WD 30 + ESCS 20 + PCS 20'],
      ['PR', 0.1, 'PR 100'],
    ]);
    for (const h of d.heads) expect(h.parameters.reduce((a, p) => a + p.marks, 0)).toBe(100);
    expect(d.heads.flatMap((h) => h.parameters.filter((p) => p.scored).map((p) => p.id))).toEqual([
      'FSR',
      'FQE',
      'GPH',
      'GUE',
      'RD',
      'WD',
    ]);
    expect(d.scores.map((x) => [x.id, x.weight])).toEqual([
      ['FSR', 30],
      ['FQE', 20],
      ['GPH', 40],
      ['GUE', 15],
      ['RD', 30],
      ['WD', 30],
    ]);
  });

  it('fills the data-capture tables from the portal', async () => {
    const d: TNirfData = (await get('/api/nirf/data?year=2024-25')).json();
    const table = (id: string) => d.tables.find((x) => x.id === id)!;
    // intake of 2021-22 not entered; median of ₹4 and ₹6 lakh first offers
    expect(table('graduation').rows[2]).toEqual(['2024-25', null, 4, 2, 2, 500000, 1]);
    expect(table('finance').rows[2]).toEqual(['2024-25', 0.02, 1, 0.5, null, 1.02, null]);
    expect(table('strength').rows).toEqual([
      // programme, year, male, female, total, other countries, socially challenged, economically backward, govt, institution, none
      ['B.Tech CSE', 'I', 1, 1, 2, 1, 1, 1, 2, 0, 0],
      ['B.Tech CSE', 'IV', 2, 2, 4, 0, 0, 0, 0, 0, 4],
    ]);
    expect(table('publications').rows[2]).toEqual(['2024', 3, 1, 6]);
    expect(table('faculty').rows.map((r) => [r[0], r[4], r[6], r[8]])).toEqual([
      ['F1', 'Ph.D', 'Yes', 14],
      ['F2', 'M.Tech', 'Yes', 4],
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
    for (const year of ['2022-23', '2023-24', '2024-25']) {
      const naac = await t.as(
        'iqac',
        { method: 'PUT', url: '/api/naac/inputs', payload: { year, values: [{ key: 'sanctioned_intake', value: 10 }] } },
        q.host,
      );
      expect(naac.statusCode, naac.body).toBe(200);
    }
    const d: TNirfData = (await get('/api/nirf/data?year=2024')).json();
    const s = scores(d);
    // Every year: F = 2 (F1 Ph.D., F2 M.Tech), NT = 10 × 4 years of study = 40, NP = 0 → N = 40
    expect(s.FSR).toBe(18.75); // 25 × min(15 × 2/40, 1) = 25 × 0.75
    // FRA = 100 × 1 / max(40/15, 2) = 37.5; FQ = 10 × 37.5/95 = 3.947; F1 (14.9 years) and F2 (4.8) → FE = 3 + 3 + 0
    expect(s.FQE).toBe(9.95);
    expect(s.RD).toBe(13.33); // 25 × 3/6 + 5 × 1/6
    expect(s.WD).toBe(30); // 15 × min(50/50, 1) + 15 × min(50/20, 1)
    const fsr = d.scores.find((x) => x.id === 'FSR')!;
    expect(fsr.weight).toBe(25);
    expect(fsr.workings).toBe(
      'FSR = 25 × [15 × (F/N)], at most 25 (1:15), N = NT + NP; 0 when F/N < 1:50 where F = 2 (3-year mean), NT = 40 (3-year mean), NP = 0 (3-year mean), N = NT + NP = 40: 18.75',
    );
    // Last year's weight is untouched.
    const before: TNirfData = (await get('/api/nirf/data?year=2023')).json();
    expect(before.scores.find((x) => x.id === 'FSR')!.weight).toBe(30);
  });

  it('sets FSR to 0 below one faculty for 50 students', async () => {
    // 2024-25 alone: F = 2 against N = 13 × 4 years = 52 (2022-23 and 2023-24 stay at N = 40): mean N = 44,
    // 2/44 = 1:22 → 25 × 15 × 2/44 = 17.05. Raise 2024-25 to 100 a year: N = 400, mean (40 + 40 + 400)/3 = 160,
    // F/N = 2/160 = 1:80, below 1:50 → 0 (the formula alone would give 25 × 15 × 2/160 = 4.69).
    await t.as(
      'iqac',
      { method: 'PUT', url: '/api/naac/inputs', payload: { year: '2024-25', values: [{ key: 'sanctioned_intake', value: 13 }] } },
      q.host,
    );
    expect(scores((await get('/api/nirf/data?year=2024')).json()).FSR).toBe(17.05);
    await t.as(
      'iqac',
      {
        method: 'PUT',
        url: '/api/naac/inputs',
        payload: { year: '2024-25', values: [{ key: 'sanctioned_intake', value: 100 }] },
      },
      q.host,
    );
    const fsr = ((await get('/api/nirf/data?year=2024')).json() as TNirfData).scores.find((x) => x.id === 'FSR')!;
    expect(fsr.score).toBe(0);
    expect(fsr.workings).toMatch(/N = NT \+ NP = 160: 0 \(F\/N is below 1:50\)$/);
    await t.as(
      'iqac',
      { method: 'PUT', url: '/api/naac/inputs', payload: { year: '2024-25', values: [{ key: 'sanctioned_intake', value: 10 }] } },
      q.host,
    );
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
    expect(wb.getWorksheet('graduation')!.getRow(6).values).toEqual([undefined, 3, '2024-25', 'not entered', 4, 2, 2, 500000, 1]);
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
 *   (2024-25), none for 2022-23; sanctioned intake (NAAC inputs) 4 in 2019-20 and 2020-21, 5 in
 *   2021-22, none for 2022-23, 15 in 2023-24 and 2024-25. Every batch is a 4-year B.Tech.
 *
 *                          2022-23        2023-24        2024-25        mean
 *   students on the rolls  10 (S1–4 T U)  8 (S1–4 U)     6 (S1–6)       8
 *   faculty F (Ph.D./M.Tech) 2 (F1 F2)    3 (+F5)        3              2.67
 *   faculty with a Ph.D.   1 (F1)         1              1              1
 *   NT = intake × 4 years  –              60             60             60
 *   graduating batch       T (2019-20)    U (2020-21)    S (2021-22)
 *   passed in min. time    1 of intake 4  3 of 4         2 of 5
 *   Ng (% of the intake)   25             75             40             46.67
 *   Np (% of those passed) 100 (T1)       66.67 (U1 U2)  100 (2 of 2)   88.89
 *   Nhs                    100 (T2)       33.33 (U3)     50 (1 of 2)    61.11
 *   median salary ₹        3,00,000       6,00,000       5,00,000       4,66,666.67
 *   capital ₹ per student  900/10 = 90    40,000/8 = 5,000   1,02,000/6 = 17,000   7,363.33
 *   operational ₹/student  – (salaries)   60,000/8 = 7,500   2,00,000/6 = 33,333.33   20,416.67
 *
 *   FSR = 30 × min(15 × F/N, 1) = 30 × 15 × 2.67/60 = 30 × 0.6667 = 20   (F/N = 1:22.5, above 1:50)
 *   FQE: FRA = 100 × 1 / max(60/15, 2.67) = 25, FQ = 10 × 25/95 = 2.63; 2024-25 experience: F2 4.8
 *        and F5 1.9 years ≤ 8, F1 14.9 → F1 = 2/3, F2 = 1/3, F3 = 0 → FE = 3 + 3 + 0 = 6; FQE = 8.63
 *   GUE = 15 × min(46.67 / 80, 1) = 8.75;  GPH = 40 × min((88.89 + 61.11) / 100, 1) = 40
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
      .values({
        college_id: c,
        title: `IV-II older ${q2.tag}`,
        exam_type: 'regular',
        published: 1,
        created_at: '2023-04-20T10:00:00Z',
      })
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
    const vendor = await t.db.selectFrom('acc_vendors').select('id').where('college_id', '=', c).executeTakeFirstOrThrow();
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
    await put('naac', '2019-20', [{ key: 'sanctioned_intake', value: 4 }]);
    await put('naac', '2020-21', [{ key: 'sanctioned_intake', value: 4 }]);
    await put('naac', '2021-22', [{ key: 'sanctioned_intake', value: 5 }]);
    await put('naac', '2023-24', [{ key: 'sanctioned_intake', value: 15 }]);
    await put('naac', '2024-25', [{ key: 'sanctioned_intake', value: 15 }]);
  });

  it('averages the scores’ inputs over three years (three graduating batches) as worked out above', async () => {
    const res = await get2('/api/nirf/data?year=2024');
    expect(res.statusCode, res.body).toBe(200);
    const d: TNirfData = res.json();
    expect(scores(d)).toMatchObject({ FSR: 20, FQE: 8.63, GUE: 8.75, GPH: 40 });
    const fsr = d.scores.find((s) => s.id === 'FSR')!;
    expect(fsr.inputs.filter((i) => i.key !== 'weight').map((i) => [i.label, i.value])).toEqual([
      ['Full-time faculty with a Ph.D. or master’s degree, 3-year average', 2.67],
      ['Sanctioned intake, all years of study, 3-year average', 60],
      ['Ph.D. scholars enrolled, 3-year average', 0],
    ]);
    expect(fsr.perYear.map((y) => [y.label, ...y.inputs.map((i) => i.value)])).toEqual([
      ['2022-23', 2, null, 0],
      ['2023-24', 3, 60, 0],
      ['2024-25', 3, 60, 0],
    ]);
    expect(fsr.workings).toBe(
      'FSR = 30 × [15 × (F/N)], at most 30 (1:15), N = NT + NP; 0 when F/N < 1:50 where F = 2.67 (3-year mean), NT = 60 (3-year mean), NP = 0 (3-year mean), N = NT + NP = 60: 20',
    );
    const gph = d.scores.find((s) => s.id === 'GPH')!;
    expect(gph.perYear.map((y) => y.inputs.map((i) => i.value))).toEqual([
      [100, 100],
      [66.67, 33.33],
      [100, 50],
    ]);
    expect(gph.missing).toEqual([]);
    expect(d.scores.find((s) => s.id === 'GUE')!.workings).toBe('GUE = 15 × min(Ng/80, 1) where Ng = 46.67 (3-year mean): 8.75');
    expect(d.scores.find((s) => s.id === 'FQE')!.inputs.find((i) => i.key === 'phd_faculty')!.value).toBe(1);
  });

  it('lists the three-year figures with their means, and what is missing year by year', async () => {
    const d: TNirfData = (await get2('/api/nirf/data?year=2024-25')).json();
    const averages = d.tables.find((x) => x.id === 'averages')!;
    expect(averages.columns).toEqual(['Figure', 'Used in', '2022-23', '2023-24', '2024-25', 'Three-year average']);
    const row = (label: string) => averages.rows.find((r) => r[0] === label)!.slice(2);
    expect(row('Sanctioned intake of the year (NAAC inputs)')).toEqual([null, 15, 15, 15]);
    expect(row('Sanctioned intake, all years of study (NT)')).toEqual([null, 60, 60, 60]);
    expect(row('Students on the rolls')).toEqual([10, 8, 6, 8]);
    expect(row('Full-time faculty with a Ph.D. or master’s degree')).toEqual([2, 3, 3, 2.67]);
    expect(row('Capital expenditure per student (₹)')).toEqual([90, 5000, 17000, 7363.33]);
    expect(row('Operational expenditure per student (₹)')).toEqual([null, 7500, 33333.33, 20416.67]);
    expect(row('Graduating batch: passed in the stipulated time (% of the approved intake)')).toEqual([25, 75, 40, 46.67]);
    expect(row('Graduating batch: median salary (₹)')).toEqual([300000, 600000, 500000, 466666.67]);
    const y22 = d.missingByYear.find((m) => m.label === '2022-23')!;
    expect(y22.missing).toEqual([
      'Sanctioned intake 2022-23 (enter in NAAC inputs)',
      'Salaries paid 2022-23 (enter in NIRF inputs)',
    ]);
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
