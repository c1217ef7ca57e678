import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { allocate, newFacultyUser, newSection, ok, post } from '../../../test/modules/academic.js';

/**
 * One subject taught to two sections, A (a1…a4) and B (b1…b4), each with its own mid exam (Q1 on
 * CO1, out of 10) and end exam (Q1 on CO1, out of 20); NBA defaults (a student attains at 60 %:
 * 6 of 10, 12 of 20; levels 3/2/1 at 70/60/50 % of students; internal 30 + external 70; no
 * survey, so final = direct). CO1 maps to PO1 with strength 2, so PO1 = CO1's final.
 *
 *              Mid /10      ≥ 6        End /20        ≥ 12       Direct = final
 *   A          8 7 6 3   3/4 75 % L3   15 12 10 13  3/4 75 % L3   0.3×3 + 0.7×3 = 3.00
 *   B          9 5 4 2   1/4 25 % L0   14 11 12 8   2/4 50 % L1   0.3×0 + 0.7×1 = 0.70
 *   Combined             4/8 50 % L1                5/8 62.5 % L2  0.3×1 + 0.7×2 = 1.70
 *
 * The combined figure pools the eight students: it is not the mean of the two sections (1.85).
 */
let t: TestApp;
const YEAR = '2025-2026';
const json = (res: { statusCode: number; body: string; json: () => any }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
let ctx: {
  A: { id: number; label: string; students: Array<{ id: number; rollNo: string }> };
  B: { id: number; label: string; students: Array<{ id: number; rollNo: string }> };
  subject: number;
  fac: string;
  midA: number;
  endA: number;
  midB: number;
  endB: number;
};

async function students(n: number, tag: string) {
  const list = [];
  for (let i = 0; i < n; i++) list.push(await newStudent(t.db, 1, { full_name: `Section ${tag} student ${i + 1}` }));
  return list.sort((a, b) => a.rollNo.localeCompare(b.rollNo));
}

const attainment = async (query = '') => json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}?year=${YEAR}${query}` }));
const paper = async (sectionId: number, kind: string, name: string, max: number) =>
  json(
    await t.as(ctx.fac, {
      method: 'POST',
      url: '/api/obe/assessments',
      payload: { subjectId: ctx.subject, sectionId, academicYear: YEAR, kind, name, questions: [{ label: 'Q1', co: 'CO1', maxMarks: max }] },
    }),
  );
const marks = async (id: number, list: Array<{ id: number }>, values: number[]) =>
  json(
    await t.as(ctx.fac, {
      method: 'PUT',
      url: `/api/obe/assessments/${id}/marks`,
      payload: { rows: list.map((s, i) => ({ studentId: s.id, marks: [values[i]] })) },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await students(4, 'A');
  const b = await students(4, 'B');
  const s = await newSection(t, a.map((x) => x.rollNo));
  const second = ok(
    await post(t, 'admin', '/api/masters/sections', { batchId: s.batchId, branchId: s.branchId, semesterId: s.semesterId, name: `ZB${Date.now().toString(36).slice(-5)}` }),
  );
  ok(await post(t, 'admin', `/api/masters/sections/${(await second).id}/students`, { rollNos: b.map((x) => x.rollNo) }));
  const sub = await ok(
    await post(t, 'admin', '/api/masters/subjects', {
      regulationId: s.regulation.id,
      semesterId: s.semesterId,
      branchId: s.branchId,
      code: `SX${Date.now().toString(36).slice(-5)}`.toUpperCase(),
      name: 'Two-section subject',
      credits: 3,
      lecture: 3,
      kind: 'theory',
    }),
  );
  const fac = await newFacultyUser(t);
  const B = await second;
  await allocate(t, sub.id, s.section.id, [fac.facultyId]);
  await allocate(t, sub.id, B.id, [fac.facultyId]);
  const outcomes = json(
    await t.as(fac.username, {
      method: 'PUT',
      url: `/api/obe/outcomes/${sub.id}`,
      payload: {
        cos: [
          { code: 'CO1', statement: 'Explain the principles of the course.' },
          { code: 'CO2', statement: 'Apply the principles to design problems.' },
        ],
        mapping: [{ co: 'CO1', outcome: 'PO1', strength: 2 }],
      },
    }),
  );
  const label = (id: number) => outcomes.sections.find((x: any) => x.id === id).label;
  ctx = {
    A: { id: s.section.id, label: label(s.section.id), students: a },
    B: { id: B.id, label: label(B.id), students: b },
    subject: sub.id,
    fac: fac.username,
    midA: 0,
    endA: 0,
    midB: 0,
    endB: 0,
  };
  ctx.midA = (await paper(ctx.A.id, 'mid', 'Mid A', 10)).id;
  ctx.endA = (await paper(ctx.A.id, 'end_exam', 'End exam A', 20)).id;
  ctx.midB = (await paper(ctx.B.id, 'mid', 'Mid B', 10)).id;
  ctx.endB = (await paper(ctx.B.id, 'end_exam', 'End exam B', 20)).id;
  await marks(ctx.midA, a, [8, 7, 6, 3]);
  await marks(ctx.endA, a, [15, 12, 10, 13]);
  await marks(ctx.midB, b, [9, 5, 4, 2]);
  await marks(ctx.endB, b, [14, 11, 12, 8]);
});
afterAll(async () => t.close());

describe('OBE: course attainment per section', () => {
  it('works out each section and all sections together (the table above)', async () => {
    const all = await attainment();
    expect(all.section).toBeNull();
    expect(all.sections.map((s: any) => s.id).sort()).toEqual([ctx.A.id, ctx.B.id].sort());
    expect(all.students).toBe(8);
    expect(all.cos[0]).toMatchObject({
      code: 'CO1',
      internal: { students: 8, attained: 4, pct: 50, level: 1 },
      external: { students: 8, attained: 5, pct: 62.5, level: 2 },
      direct: 1.7,
      final: 1.7,
    });
    expect(all.outcomes.find((o: any) => o.code === 'PO1')).toMatchObject({ value: 1.7, strengthSum: 2, weightedSum: 3.4 });

    const a = await attainment(`&sectionId=${ctx.A.id}`);
    expect(a.section).toEqual({ id: ctx.A.id, label: ctx.A.label });
    // the choices stay both sections while one is shown
    expect(a.sections).toHaveLength(2);
    expect(a.students).toBe(4);
    expect(a.cos[0]).toMatchObject({
      internal: { students: 4, attained: 3, pct: 75, level: 3 },
      external: { students: 4, attained: 3, pct: 75, level: 3 },
      direct: 3,
      final: 3,
      gap: 1,
    });
    expect(a.assessments.map((x: any) => x.name)).toEqual(['Mid A', 'End exam A']);

    const b = await attainment(`&sectionId=${ctx.B.id}`);
    expect(b.students).toBe(4);
    expect(b.cos[0]).toMatchObject({
      internal: { students: 4, attained: 1, pct: 25, level: 0 },
      external: { students: 4, attained: 2, pct: 50, level: 1 },
      direct: 0.7,
      final: 0.7,
      gap: -1.3,
    });
    expect(b.outcomes.find((o: any) => o.code === 'PO1').value).toBe(0.7);

    // The rows behind a section's figure are that section's students only.
    const rows = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}/rows?year=${YEAR}&sectionId=${ctx.B.id}&co=CO1&part=internal` }));
    expect(rows.rows.map((r: any) => [r.value, r.attained])).toEqual([
      [9, true],
      [5, false],
      [4, false],
      [2, false],
    ]);
    const missing = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}?year=${YEAR}&sectionId=999999` });
    expect(json(missing, 400).message).toBe(OBE_MSG.sectionNotFound);
  });

  it('prints one section’s sheet in PDF and Excel', async () => {
    const xlsx = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}/report?year=${YEAR}&sectionId=${ctx.B.id}&format=xlsx` });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`-${YEAR}-`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(wb.getWorksheet('Course attainment')!.getRow(2).getCell(11).value).toBe(0.7);
    const info = wb.getWorksheet('Settings')!;
    const rows = info.getSheetValues().filter(Boolean).map((r: any) => [r[1], r[2]]);
    expect(rows).toContainEqual(['Section', `Section ${ctx.B.label}`]);
    expect(rows).toContainEqual(['Students', 4]);
    const allBook = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}/report?year=${YEAR}&format=xlsx` });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(allBook.rawPayload as never);
    expect(wb2.getWorksheet('Course attainment')!.getRow(2).getCell(11).value).toBe(1.7);

    const pdf = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subject}/report?year=${YEAR}&sectionId=${ctx.A.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The verification record names the section and its figure.
    const issued = await t.db.selectFrom('issued_documents').select(['title', 'fields_json']).where('kind', '=', 'obe-attainment').execute();
    const doc = issued.find((d) => d.title.endsWith(` ${ctx.A.label}`))!;
    expect(doc.fields_json).toContain(`Section ${ctx.A.label}`);
    expect(doc.fields_json).toContain('"3.00"');
  });
});

describe('OBE: editing an assessment', () => {
  const edit = (id: number, payload: Record<string, unknown>, as = ctx.fac) => t.as(as, { method: 'PUT', url: `/api/obe/assessments/${id}`, payload });
  const q1 = async (id: number) => {
    const list = json(await t.as('iqac', { method: 'GET', url: `/api/obe/assessments?subjectId=${ctx.subject}` }));
    return list.find((a: any) => a.id === id);
  };

  it('refuses a maximum below a mark already entered, naming the question and the mark', async () => {
    const a = await q1(ctx.midA);
    const res = await edit(ctx.midA, { kind: 'mid', name: 'Mid A', questions: [{ id: a.questions[0].id, label: 'Q1', co: 'CO1', maxMarks: 7 }] });
    expect(json(res, 400).message).toBe(OBE_MSG.maxBelowMarks('Q1', 8));
    expect(OBE_MSG.maxBelowMarks('Q1', 8)).toBe('Question Q1 already has a mark of 8 entered: its maximum cannot be less than 8');
  });

  it('refuses removing a question with marks, an unknown question and an unknown CO', async () => {
    const a = await q1(ctx.midA);
    const removed = await edit(ctx.midA, { kind: 'mid', name: 'Mid A', questions: [{ label: 'Q2', co: 'CO2', maxMarks: 5 }] });
    expect(json(removed, 400).message).toBe(OBE_MSG.questionHasMarks('Q1', 4));
    const foreign = await q1(ctx.midB);
    const stranger = await edit(ctx.midA, { kind: 'mid', name: 'Mid A', questions: [{ id: a.questions[0].id, label: 'Q1', co: 'CO1', maxMarks: 10 }, { id: foreign.questions[0].id, label: 'Q9', co: 'CO1', maxMarks: 10 }] });
    expect(json(stranger, 400).message).toBe(OBE_MSG.unknownQuestion);
    const co = await edit(ctx.midA, { kind: 'mid', name: 'Mid A', questions: [{ id: a.questions[0].id, label: 'Q1', co: 'CO7', maxMarks: 10 }] });
    expect(json(co, 400).message).toBe(OBE_MSG.questionCo('Q1'));
    const other = await newFacultyUser(t);
    const notMine = await edit(ctx.midA, { kind: 'mid', name: 'Mid A', questions: [{ id: a.questions[0].id, label: 'Q1', co: 'CO1', maxMarks: 10 }] }, other.username);
    expect(json(notMine, 403).message).toBe(OBE_MSG.notYourSubject);
  });

  it('renames, retypes, raises a maximum and adds a question; the attainment follows and the audit keeps before and after', async () => {
    const a = await q1(ctx.midA);
    const saved = json(
      await edit(ctx.midA, {
        kind: 'quiz',
        name: 'Quiz A (was Mid A)',
        questions: [
          { id: a.questions[0].id, label: 'Q1', co: 'CO1', maxMarks: 12 },
          { label: 'Q2', co: 'CO2', maxMarks: 5 },
        ],
      }),
    );
    expect(saved).toMatchObject({ name: 'Quiz A (was Mid A)', kind: 'quiz', maxMarks: 17, marked: 4 });
    expect(saved.questions.map((q: any) => [q.label, q.co, q.maxMarks])).toEqual([
      ['Q1', 'CO1', 12],
      ['Q2', 'CO2', 5],
    ]);
    expect(saved.questions[0].id).toBe(a.questions[0].id);
    // The marks stay: 8 7 6 3 now out of 12 (a student attains at 7.2): only a1 → 25 % → level 0.
    // Section A's CO1: direct = 0.3×0 + 0.7×3 = 2.10.
    const now = await attainment(`&sectionId=${ctx.A.id}`);
    expect(now.cos[0]).toMatchObject({ internal: { maxMarks: 12, attained: 1, pct: 25, level: 0 }, direct: 2.1 });
    const sheet = json(await t.as(ctx.fac, { method: 'GET', url: `/api/obe/assessments/${ctx.midA}/marks` }));
    expect(sheet.students.map((s: any) => s.marks)).toEqual([
      [8, null],
      [7, null],
      [6, null],
      [3, null],
    ]);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['username', 'before_json', 'after_json'])
      .where('action', '=', 'obe.assessment.edit')
      .where('entity_id', '=', String(ctx.midA))
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(ctx.fac);
    expect(JSON.parse(row.before_json!)).toMatchObject({ kind: 'mid', name: 'Mid A', questions: [{ label: 'Q1', co: 'CO1', maxMarks: 10 }] });
    expect(JSON.parse(row.after_json!)).toMatchObject({ kind: 'quiz', name: 'Quiz A (was Mid A)', questions: [{ maxMarks: 12 }, { label: 'Q2', maxMarks: 5 }] });
  });
});

describe('OBE: deleting an assessment', () => {
  const del = (id: number, confirm?: boolean, as = ctx.fac) =>
    t.as(as, { method: 'DELETE', url: `/api/obe/assessments/${id}${confirm === undefined ? '' : `?confirm=${confirm}`}` });

  it('asks for confirmation when marks exist, then deletes them with an audit row; the attainment recomputes', async () => {
    const refused = await del(ctx.endB);
    expect(json(refused, 409).message).toBe(OBE_MSG.confirmDelete('End exam B', 4));
    expect(json(await del(ctx.endB, false), 409).message).toBe(OBE_MSG.confirmDelete('End exam B', 4));
    const done = json(await del(ctx.endB, true));
    expect(done).toEqual({ message: 'End exam B deleted with the marks of 4 student(s)', marksDeleted: 4 });
    expect(await t.db.selectFrom('obe_marks').select('id').where('assessment_id', '=', ctx.endB).execute()).toEqual([]);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'obe.assessment.delete')
      .where('entity_id', '=', String(ctx.endB))
      .executeTakeFirstOrThrow();
    const before = JSON.parse(row.before_json!);
    expect(before).toMatchObject({ name: 'End exam B', kind: 'end_exam', sectionId: ctx.B.id, academicYear: YEAR });
    expect(before.marks.map((m: number[]) => m[2])).toEqual(expect.arrayContaining([14, 11, 12, 8]));
    expect(row.after_json).toBeNull();
    // Section B now has its mid only: level 0 → direct 0.
    const b = await attainment(`&sectionId=${ctx.B.id}`);
    expect(b.cos[0]).toMatchObject({ external: null, direct: 0, final: 0 });
    // All sections: internal a1 (8 of 12) and b1 (9 of 10) of 8 → 25 % → 0; external A's end exam only, 3 of 4 → 75 % → 3.
    // Direct = 0.3×0 + 0.7×3 = 2.10.
    const all = await attainment();
    expect(all.cos[0]).toMatchObject({ internal: { students: 8, attained: 2, level: 0 }, external: { students: 4, attained: 3, level: 3 }, direct: 2.1 });
    expect((await t.as(ctx.fac, { method: 'GET', url: `/api/obe/assessments/${ctx.endB}/marks` })).statusCode).toBe(404);
  });

  it('deletes a paper without marks at once, and only for those who may edit it', async () => {
    const quiz = await paper(ctx.B.id, 'quiz', 'Quiz B', 5);
    const other = await newFacultyUser(t);
    expect(json(await del(quiz.id, true, other.username), 403).message).toBe(OBE_MSG.notYourSubject);
    expect(json(await del(quiz.id))).toEqual({ message: 'Quiz B deleted', marksDeleted: 0 });
    expect(json(await del(quiz.id), 404).message).toBe(OBE_MSG.assessmentNotFound);
  });
});

describe('OBE: a locked academic year', () => {
  const lock = (locked: boolean, as = 'iqac') => t.as(as, { method: 'PUT', url: '/api/obe/settings/lock', payload: { academicYear: YEAR, locked } });

  it('refuses every change to its papers, marks and rules until it is unlocked', async () => {
    expect((await lock(true, ctx.fac)).statusCode).toBe(403);
    const locked = json(await lock(true));
    expect(locked.message).toBe(`${YEAR} locked: its figures are final`);
    expect(locked.settings).toMatchObject({ academicYear: YEAR, locked: true, saved: true, targetPct: 60 });
    const message = OBE_MSG.yearLocked(YEAR);
    expect(message).toBe(`The academic year ${YEAR} is locked: its assessments, marks and rules can no longer change`);
    const list = json(await t.as(ctx.fac, { method: 'GET', url: `/api/obe/assessments?subjectId=${ctx.subject}` }));
    expect(list.every((a: any) => a.yearLocked)).toBe(true);
    const mid = list.find((a: any) => a.id === ctx.midB);
    const body = { kind: 'mid', name: 'Mid B renamed', questions: [{ id: mid.questions[0].id, label: 'Q1', co: 'CO1', maxMarks: 10 }] };
    expect(json(await t.as(ctx.fac, { method: 'PUT', url: `/api/obe/assessments/${ctx.midB}`, payload: body }), 400).message).toBe(message);
    expect(json(await t.as(ctx.fac, { method: 'DELETE', url: `/api/obe/assessments/${ctx.midB}?confirm=true` }), 400).message).toBe(message);
    expect(
      json(
        await t.as(ctx.fac, { method: 'PUT', url: `/api/obe/assessments/${ctx.midB}/marks`, payload: { rows: [{ studentId: ctx.B.students[0].id, marks: [1] }] } }),
        400,
      ).message,
    ).toBe(message);
    const create = await t.as(ctx.fac, {
      method: 'POST',
      url: '/api/obe/assessments',
      payload: { subjectId: ctx.subject, sectionId: ctx.B.id, academicYear: YEAR, kind: 'quiz', name: 'Late quiz', questions: [{ label: 'Q1', co: 'CO1', maxMarks: 5 }] },
    });
    expect(json(create, 400).message).toBe(message);
    const rules = await t.as('iqac', {
      method: 'PUT',
      url: '/api/obe/settings',
      payload: { academicYear: YEAR, targetPct: 50, level3: 70, level2: 60, level1: 50, internalWeight: 30, externalWeight: 70, directWeight: 80, indirectWeight: 20, targetLevel: 2 },
    });
    expect(json(rules, 400).message).toBe(message);
    // Another year stays open.
    const other = await t.as(ctx.fac, {
      method: 'POST',
      url: '/api/obe/assessments',
      payload: { subjectId: ctx.subject, sectionId: ctx.B.id, academicYear: '2024-2025', kind: 'quiz', name: 'Old quiz', questions: [{ label: 'Q1', co: 'CO1', maxMarks: 5 }] },
    });
    expect(other.statusCode, other.body).toBe(200);

    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'obe.year.lock').where('entity_id', '=', YEAR).execute();
    expect(audit).toHaveLength(1);
    const open = json(await lock(false));
    expect(open.message).toBe(`${YEAR} unlocked: its assessments and rules can change again`);
    expect(open.settings.locked).toBe(false);
    const renamed = json(await t.as(ctx.fac, { method: 'PUT', url: `/api/obe/assessments/${ctx.midB}`, payload: body }));
    expect(renamed.name).toBe('Mid B renamed');
  });
});
