import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { PLACEMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { clock } from '../../lib/clock.js';
import { multipartFiles, newDrive, newStudent, PDF } from '../../../test/modules/placements.js';
import { naacInputs } from './placements.service.js';

/** The dean's offer policy screen (audited) and the higher-studies register. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(clock, 'now').mockReturnValue(new Date('2031-01-05T04:30:00Z'));
});

const policy = { noShowBarDrives: 2, offerPolicy: 'dream', dreamCtcRupees: 1_000_000 };
const putPolicy = (payload: Record<string, unknown>, as = 'placement') =>
  t.as(as, { method: 'PUT', url: '/api/placements/policy', payload: { ...policy, ...payload } });
const getPolicy = async (as = 'placement') => {
  const res = await t.as(as, { method: 'GET', url: '/api/placements/policy' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const apply = (as: string, driveId: number) =>
  t.as(as, { method: 'POST', url: `/api/placements/drives/${driveId}/applications`, payload: {} });
const offer = (driveId: number, rollNo: string) =>
  t.as('placement', { method: 'POST', url: '/api/placements/offers', payload: { driveId, rollNo, role: 'Associate Engineer' } });
const auditRows = (entity: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id', 'desc').execute();

describe('offer policy', () => {
  it('saves the policy with an audit row of before and after, and shows the change history', async () => {
    await putPolicy({});
    const before = (await auditRows('placement_settings')).length;
    const res = await putPolicy({ offerPolicy: 'one', noShowBarDrives: 3, dreamCtcRupees: 1_200_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offerPolicy: 'one', noShowBarDrives: 3, dreamCtcRupees: 1_200_000 });
    const rows = await auditRows('placement_settings');
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ username: 'placement', action: 'placement.policy' });
    expect(JSON.parse(rows[0].before_json!)).toEqual(policy);
    expect(JSON.parse(rows[0].after_json!)).toEqual({ noShowBarDrives: 3, offerPolicy: 'one', dreamCtcRupees: 1_200_000 });
    const p = await getPolicy('principal');
    expect(p.history[0]).toMatchObject({ by: 'placement', before: policy, after: { offerPolicy: 'one', noShowBarDrives: 3 } });
    expect(p.updatedAt).toEqual(expect.any(String));
    // Saving the same values again changes nothing and writes no row; the old settings route is audited too.
    await putPolicy({ offerPolicy: 'one', noShowBarDrives: 3, dreamCtcRupees: 1_200_000 });
    expect(await auditRows('placement_settings')).toHaveLength(before + 1);
    const old = await t.as('placement', { method: 'PUT', url: '/api/placements/settings', payload: policy });
    expect(old.json()).toEqual(policy);
    expect(await auditRows('placement_settings')).toHaveLength(before + 2);
  });

  it('is the dean’s alone to change, with the form’s messages', async () => {
    expect((await putPolicy({}, 'principal')).statusCode).toBe(403);
    const s = await newStudent(t, { batch: '2041-2045' });
    expect((await putPolicy({}, s.username)).statusCode).toBe(403);
    expect((await t.as(s.username, { method: 'GET', url: '/api/placements/policy' })).statusCode).toBe(403);
    const msg = async (p: Record<string, unknown>) => (await putPolicy(p)).json().message as string;
    expect(await msg({ dreamCtcRupees: 5_000 })).toBe('The dream CTC looks too low');
    expect(await msg({ offerPolicy: 'two' })).toBe('Choose one offer or dream offer');
    expect(await msg({ noShowBarDrives: 21 })).toBe('At most 20');
  });

  it('refuses an offer that breaks the policy now in force; offers made before a change stand', async () => {
    await putPolicy({});
    const batch = '2042-2046';
    const s = await newStudent(t, { batch });
    const [first, dream, third] = [
      await newDrive(t, { batch, ctcRupees: 600_000 }),
      await newDrive(t, { batch, ctcRupees: 1_500_000 }),
      await newDrive(t, { batch, ctcRupees: 1_800_000 }),
    ];
    for (const d of [first, dream, third]) expect((await apply(s.username, d.id)).statusCode).toBe(200);
    expect((await offer(first.id, s.username)).statusCode).toBe(200);
    const twoBefore = (await getPolicy()).studentsWithTwoOffers;
    expect((await offer(dream.id, s.username)).json()).toMatchObject({ dream: true });
    expect((await getPolicy()).studentsWithTwoOffers).toBe(twoBefore + 1);

    // Two offers held: a third is refused whatever its CTC.
    expect((await offer(third.id, s.username)).json().message).toBe(PLACEMENT_MSG.dreamTaken);

    // One offer per student from now on: the student keeps both; another's second offer is refused.
    await putPolicy({ offerPolicy: 'one' });
    try {
      const other = await newStudent(t, { batch });
      for (const d of [first, dream]) expect((await apply(other.username, d.id)).statusCode).toBe(200);
      expect((await offer(first.id, other.username)).statusCode).toBe(200);
      const refused = await offer(dream.id, other.username);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(PLACEMENT_MSG.onePolicy);
      expect((await getPolicy()).studentsWithTwoOffers).toBe(twoBefore + 1);
      const held = await t.as('placement', { method: 'GET', url: `/api/placements/offers?batch=${batch}` });
      expect(held.json().filter((o: { rollNo: string }) => o.rollNo === s.username)).toHaveLength(2);
    } finally {
      await putPolicy({});
    }
  });

  it('turns a raised dream threshold into the reason the dean sees and the refusal', async () => {
    const batch = '2043-2047';
    const s = await newStudent(t, { batch });
    const [first, high] = [await newDrive(t, { batch, ctcRupees: 600_000 }), await newDrive(t, { batch, ctcRupees: 1_500_000 })];
    for (const d of [first, high]) expect((await apply(s.username, d.id)).statusCode).toBe(200);
    expect((await offer(first.id, s.username)).statusCode).toBe(200);
    await putPolicy({ dreamCtcRupees: 2_000_000 });
    try {
      const res = await offer(high.id, s.username);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PLACEMENT_MSG.dreamBelow('₹20,00,000'));
    } finally {
      await putPolicy({});
    }
  });
});

describe('higher studies', () => {
  const enter = (payload: Record<string, unknown>, as = 'placement') =>
    t.as(as, { method: 'POST', url: '/api/placements/higher-studies', payload });
  const declare = (as: string, payload: Record<string, unknown>) =>
    t.as(as, { method: 'PUT', url: '/api/placements/higher-studies/me', payload });
  const stats = async (batch: string) =>
    (await t.as('placement', { method: 'GET', url: `/api/placements/stats?batch=${batch}` })).json().total.higherStudies as number;

  it('the dean’s entry is verified at once, audited and counted; a second entry replaces the first', async () => {
    const batch = '2044-2048';
    const s = await newStudent(t, { batch, name: 'Anusha Reddy' });
    await newStudent(t, { batch });
    const res = await enter({ rollNo: s.username.toLowerCase(), programme: 'M.Tech CSE', institution: 'IIT Madras', admissionYear: 2048 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rollNo: s.username,
      name: 'Anusha Reddy',
      batch,
      programme: 'M.Tech CSE',
      institution: 'IIT Madras',
      admissionYear: 2048,
      status: 'verified',
      hasEvidence: false,
      declaredByStudent: false,
    });
    expect(await stats(batch)).toBe(1);
    const again = await enter({ rollNo: s.username, programme: 'MS Computer Science', institution: 'Purdue University', admissionYear: 2048 });
    expect(again.json()).toMatchObject({ id: res.json().id, programme: 'MS Computer Science' });
    expect(await stats(batch)).toBe(1);
    const rows = (await auditRows('placement_higher_studies')).filter((r) => r.entity_id === String(res.json().id));
    expect(rows.map((r) => r.action)).toEqual(['placement.higher_studies.update', 'placement.higher_studies.add']);
    expect(JSON.parse(rows[0].before_json!)).toMatchObject({ programme: 'M.Tech CSE' });
    expect(JSON.parse(rows[0].after_json!)).toMatchObject({ programme: 'MS Computer Science', status: 'verified' });
  });

  it('a student declares, is not counted until the dean verifies, and cannot change it after', async () => {
    const batch = '2045-2049';
    const s = await newStudent(t, { batch });
    expect((await t.as(s.username, { method: 'GET', url: '/api/placements/higher-studies/me' })).json()).toEqual({ record: null });
    const d = await declare(s.username, { programme: 'MBA', institution: 'IIM Bangalore', admissionYear: 2049 });
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ status: 'declared', declaredByStudent: true, verifiedAt: null });
    expect(await stats(batch)).toBe(0);
    const fixed = await declare(s.username, { programme: 'PGDM', institution: 'IIM Bangalore', admissionYear: 2049 });
    expect(fixed.json()).toMatchObject({ id: d.json().id, programme: 'PGDM', status: 'declared' });

    expect((await t.as(s.username, { method: 'POST', url: `/api/placements/higher-studies/${d.json().id}/verify` })).statusCode).toBe(403);
    const v = await t.as('placement', { method: 'POST', url: `/api/placements/higher-studies/${d.json().id}/verify` });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ status: 'verified', declaredByStudent: true, verifiedAt: '2031-01-05T04:30:00.000Z' });
    expect(await stats(batch)).toBe(1);
    const [row] = await auditRows('placement_higher_studies');
    expect(row).toMatchObject({ action: 'placement.higher_studies.verify', username: 'placement', entity_id: String(d.json().id) });

    const twice = await t.as('placement', { method: 'POST', url: `/api/placements/higher-studies/${d.json().id}/verify` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PLACEMENT_MSG.higherStudiesAlreadyVerified);
    const late = await declare(s.username, { programme: 'MBA', institution: 'XLRI', admissionYear: 2049 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PLACEMENT_MSG.higherStudiesVerified);
    expect((await t.as(s.username, { method: 'GET', url: '/api/placements/higher-studies/me' })).json().record.programme).toBe('PGDM');
  });

  it('refuses a placed student, an admission before graduation, an unknown roll and the wrong roles', async () => {
    const batch = '2046-2050';
    const placed = await newStudent(t, { batch });
    const drive = await newDrive(t, { batch });
    expect((await apply(placed.username, drive.id)).statusCode).toBe(200);
    expect((await offer(drive.id, placed.username)).statusCode).toBe(200);
    const byDean = await enter({ rollNo: placed.username, programme: 'M.Tech', admissionYear: 2050 });
    expect(byDean.statusCode).toBe(400);
    expect(byDean.json().message).toBe(PLACEMENT_MSG.higherStudiesPlaced);
    expect((await declare(placed.username, { programme: 'M.Tech', institution: 'NIT Trichy', admissionYear: 2050 })).json().message).toBe(
      PLACEMENT_MSG.higherStudiesPlaced,
    );
    const s = await newStudent(t, { batch });
    const early = await enter({ rollNo: s.username, programme: 'M.Tech', admissionYear: 2049 });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('The admission year cannot be before 2050, the year the batch graduates');
    expect((await enter({ rollNo: 'NOSUCH0001', programme: 'M.Tech' })).json().message).toBe(PLACEMENT_MSG.studentNotFound);
    expect((await enter({ rollNo: s.username, programme: '' })).json().message).toBe('Give the programme, e.g. M.Tech');
    expect((await declare(s.username, { programme: 'M.Tech', institution: '' })).json().message).toBe('Give the institution');
    expect((await enter({ rollNo: s.username, programme: 'M.Tech' }, s.username)).statusCode).toBe(403);
    expect((await enter({ rollNo: s.username, programme: 'M.Tech' }, 'principal')).statusCode).toBe(403);
    expect((await t.as('principal', { method: 'GET', url: '/api/placements/higher-studies' })).statusCode).toBe(200);
    expect((await t.as(s.username, { method: 'GET', url: '/api/placements/higher-studies' })).statusCode).toBe(403);
  });

  it('lists with search, status and paging, and exports the same rows to Excel', async () => {
    const batch = '2047-2051';
    const names = ['Bhavana K', 'Charan T', 'Divya S'];
    const students = [];
    for (const name of names) students.push(await newStudent(t, { batch, name }));
    for (const s of students.slice(0, 2)) await enter({ rollNo: s.username, programme: 'M.Tech', institution: 'JNTU Anantapur', admissionYear: 2051 });
    await declare(students[2].username, { programme: 'MS Data Science', institution: 'University of Texas', admissionYear: 2052 });

    const page = async (qs: string) => (await t.as('hod', { method: 'GET', url: `/api/placements/higher-studies?batch=${batch}${qs}` })).json();
    const all = await page('');
    expect(all.total).toBe(3);
    expect(all.items.map((i: { name: string }) => i.name)).toEqual(names);
    const second = await page('&pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, items: [{ name: 'Divya S', status: 'declared' }] });
    expect((await page('&q=texas')).items.map((i: { name: string }) => i.name)).toEqual(['Divya S']);
    expect((await page('&q=charan')).total).toBe(1);
    expect((await page('&status=verified')).total).toBe(2);

    const x = await t.as('placement', { method: 'GET', url: `/api/placements/higher-studies.xlsx?batch=${batch}` });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain(`higher-studies-${batch}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Higher studies')!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(6).value).toBe('Programme');
    expect(ws.getRow(4).values).toEqual([
      undefined,
      3,
      students[2].username,
      'Divya S',
      batch,
      'CSE',
      'MS Data Science',
      'University of Texas',
      2052,
      'Declared by the student',
      'No',
    ]);
  });

  it('takes evidence from the student for their own record and from the dean; checks the bytes', async () => {
    const batch = '2048-2052';
    const [s, other] = [await newStudent(t, { batch }), await newStudent(t, { batch })];
    const rec = (await declare(s.username, { programme: 'M.Sc Physics', institution: 'University of Hyderabad', admissionYear: 2052 })).json();
    const upload = (as: string, id: number, data: Buffer, filename = 'admission.pdf') =>
      t.as(as, {
        method: 'POST',
        url: `/api/placements/higher-studies/${id}/evidence`,
        ...multipartFiles([{ name: 'evidence', filename, data }]),
      });
    const bad = await upload(s.username, rec.id, Buffer.from('GIF89a not allowed'), 'x.gif');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PLACEMENT_MSG.evidenceType);
    expect((await upload(other.username, rec.id, PDF)).statusCode).toBe(404);
    const ok = await upload(s.username, rec.id, PDF);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ hasEvidence: true, evidenceName: 'admission.pdf' });
    const got = await t.as('placement', { method: 'GET', url: `/api/placements/higher-studies/${rec.id}/evidence` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.as(s.username, { method: 'GET', url: `/api/placements/higher-studies/${rec.id}/evidence` })).statusCode).toBe(200);
    expect((await t.as(other.username, { method: 'GET', url: `/api/placements/higher-studies/${rec.id}/evidence` })).statusCode).toBe(404);
    // Once verified, only the dean changes the evidence.
    await t.as('placement', { method: 'POST', url: `/api/placements/higher-studies/${rec.id}/verify` });
    expect((await upload(s.username, rec.id, PDF)).json().message).toBe(PLACEMENT_MSG.higherStudiesVerified);
    expect((await upload('placement', rec.id, PDF, 'id-card.pdf')).json().evidenceName).toBe('id-card.pdf');
  });

  it('gives NAAC and NIRF the verified records only, and the dean can remove one (audited)', async () => {
    const batch = '2049-2053';
    const [v, d] = [await newStudent(t, { batch }), await newStudent(t, { batch })];
    const verified = (await enter({ rollNo: v.username, programme: 'M.Tech', institution: 'IISc', admissionYear: 2053 })).json();
    await declare(d.username, { programme: 'M.Tech', institution: 'IISc', admissionYear: 2053 });
    const ids = async () => (await naacInputs(t.db, v.collegeId)).higherStudies.map((h) => h.student_id);
    expect(await ids()).toContain(v.studentId);
    expect(await ids()).not.toContain(d.studentId);
    const del = await t.as('placement', { method: 'DELETE', url: `/api/placements/higher-studies/${verified.id}` });
    expect(del.statusCode).toBe(200);
    expect(await ids()).not.toContain(v.studentId);
    expect((await auditRows('placement_higher_studies'))[0]).toMatchObject({ action: 'placement.higher_studies.remove' });
    const gone = await t.as('placement', { method: 'DELETE', url: `/api/placements/higher-studies/${verified.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(PLACEMENT_MSG.higherStudiesNotFound);
  });
});
