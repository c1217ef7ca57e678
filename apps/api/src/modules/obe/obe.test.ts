import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OBE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { allocate, newFacultyUser, newSection, ok, post } from '../../../test/modules/academic.js';

/**
 * The worked example (by hand, NBA defaults: target 60 %, levels 70/60/50 % of students,
 * internal/external 30/70, direct/indirect 80/20), five students s1…s5 of one section:
 *
 *   Mid (internal)   Q1 CO1 /10: 8 6 5 9 7     → 6+ : s1 s2 s4 s5 = 80 % → level 3
 *                    Q2 CO2 /10: 6 4 7 3 –     → 6+ : s1 s3       = 40 % → level 0
 *   End exam (ext.)  Q3 CO1 /20: 15 12 11 10 13 → 12+: s1 s2 s5   = 60 % → level 2
 *                    Q4 CO2 /20: 18 12 14 8 16 → 12+: s1 s2 s3 s5 = 80 % → level 3
 *   Direct CO1 = (3×30 + 2×70)/100 = 2.30     Direct CO2 = (0×30 + 3×70)/100 = 2.10
 *   Survey CO1: 5 4 4 3 4 → mean 4.00 → ×3/5 = 2.40;  CO2: 3 3 4 → mean 3.33 → 2.00
 *   Final CO1 = 2.30×0.8 + 2.40×0.2 = 2.32    Final CO2 = 2.10×0.8 + 2.00×0.2 = 2.08
 *   Mapping CO1→PO1 3, CO2→PO1 2, CO2→PO2 1:
 *   PO1 = (2.32×3 + 2.08×2)/5 = 11.12/5 = 2.22;  PO2 = 2.08
 *
 * A second subject of the batch has one CO (internal only: 3 of 5 reach → 60 % → level 2, no
 * survey → final 2.00) mapped to PO1 with strength 1, so the program's
 * PO1 = (11.12 + 2.00×1)/(5 + 1) = 13.12/6 = 2.19 (not the mean of 2.22 and 2.00).
 */
let t: TestApp;
const YEAR = '2025-2026';
let ctx: {
  students: Array<{ id: number; rollNo: string; username: string | null }>;
  sectionId: number;
  batchId: number;
  branchId: number;
  subjectA: number;
  subjectB: number;
  fac: { username: string; facultyId: number };
  mid: number;
  end: number;
};

const json = (res: { statusCode: number; body: string; json: () => any }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const students = [];
  for (let i = 0; i < 5; i++) students.push(await newStudent(t.db, 1, { login: true, full_name: `OBE Student ${i + 1}` }));
  // s1…s5 in roll-number order, the order every sheet lists them in
  students.sort((a, b) => a.rollNo.localeCompare(b.rollNo));
  const s = await newSection(
    t,
    students.map((x) => x.rollNo),
  );
  const subject = async (code: string) =>
    ok(
      await post(t, 'admin', '/api/masters/subjects', {
        regulationId: s.regulation.id,
        semesterId: s.semesterId,
        branchId: s.branchId,
        code,
        name: `Outcome subject ${code}`,
        credits: 3,
        lecture: 3,
        kind: 'theory',
      }),
    );
  const a = await subject(`OB${Date.now().toString(36).slice(-5)}A`.toUpperCase());
  const b = await subject(`OB${Date.now().toString(36).slice(-5)}B`.toUpperCase());
  const fac = await newFacultyUser(t);
  await allocate(t, a.id, s.section.id, [fac.facultyId]);
  await allocate(t, b.id, s.section.id, [fac.facultyId]);
  ctx = { students, sectionId: s.section.id, batchId: s.batchId, branchId: s.branchId, subjectA: a.id, subjectB: b.id, fac, mid: 0, end: 0 };
});
afterAll(async () => t.close());

describe('OBE: outcomes and mapping', () => {
  it('preloads NBA’s PO1–PO12 and lets the IQAC add a branch’s PSOs', async () => {
    const pos = json(await t.as('iqac', { method: 'GET', url: '/api/obe/program-outcomes' }));
    expect(pos.map((p: any) => p.code)).toEqual(['PO1', 'PO2', 'PO3', 'PO4', 'PO5', 'PO6', 'PO7', 'PO8', 'PO9', 'PO10', 'PO11', 'PO12']);
    expect(pos[0].statement).toMatch(/^Apply the knowledge of mathematics, science, engineering fundamentals/);
    const psos = json(
      await t.as('iqac', {
        method: 'PUT',
        url: '/api/obe/program-outcomes',
        payload: { branchId: ctx.branchId, outcomes: [{ code: 'PSO1', title: 'Software', statement: 'Design and build software systems for real needs.' }] },
      }),
    );
    expect(psos.map((p: any) => p.code)).toContain('PSO1');
    // The POs' codes are NBA's: renaming one is refused.
    const bad = await t.as('iqac', {
      method: 'PUT',
      url: '/api/obe/program-outcomes',
      payload: { branchId: null, outcomes: pos.map((p: any, i: number) => ({ code: i === 0 ? 'PO99' : p.code, title: p.title, statement: p.statement })) },
    });
    expect(json(bad, 400).message).toBe(OBE_MSG.poFixed);
  });

  it('saves COs and the CO–PO grid for the allotted faculty, and refuses others', async () => {
    const body = {
      cos: [
        { code: 'CO1', statement: 'Explain the principles of the course.' },
        { code: 'CO2', statement: 'Apply the principles to design problems.' },
      ],
      mapping: [
        { co: 'CO1', outcome: 'PO1', strength: 3 },
        { co: 'CO2', outcome: 'PO1', strength: 2 },
        { co: 'CO2', outcome: 'PO2', strength: 1 },
      ],
    };
    const saved = json(await t.as(ctx.fac.username, { method: 'PUT', url: `/api/obe/outcomes/${ctx.subjectA}`, payload: body }));
    expect(saved.cos.map((c: any) => c.code)).toEqual(['CO1', 'CO2']);
    expect(saved.mapping).toHaveLength(3);
    expect(saved.outcomes.some((o: any) => o.code === 'PSO1')).toBe(true);
    const other = await newFacultyUser(t);
    const refused = await t.as(other.username, { method: 'PUT', url: `/api/obe/outcomes/${ctx.subjectA}`, payload: body });
    expect(json(refused, 403).message).toBe(OBE_MSG.notYourSubject);
    const unknown = await t.as(ctx.fac.username, {
      method: 'PUT',
      url: `/api/obe/outcomes/${ctx.subjectA}`,
      payload: { ...body, mapping: [{ co: 'CO3', outcome: 'PO1', strength: 1 }] },
    });
    expect(json(unknown, 400).message).toBe(OBE_MSG.unknownCo('CO3'));
    json(
      await t.as(ctx.fac.username, {
        method: 'PUT',
        url: `/api/obe/outcomes/${ctx.subjectB}`,
        payload: { cos: [{ code: 'CO1', statement: 'Use the tools of the trade.' }], mapping: [{ co: 'CO1', outcome: 'PO1', strength: 1 }] },
      }),
    );
    const read = json(await t.as('hod', { method: 'GET', url: `/api/obe/outcomes/${ctx.subjectA}` }));
    expect(read.mapping).toContainEqual({ co: 'CO2', outcome: 'PO2', strength: 1 });
  });
});

describe('OBE: assessments and marks', () => {
  it('creates a mid and an end exam with questions tagged to COs', async () => {
    const mid = json(
      await t.as(ctx.fac.username, {
        method: 'POST',
        url: '/api/obe/assessments',
        payload: {
          subjectId: ctx.subjectA,
          sectionId: ctx.sectionId,
          academicYear: YEAR,
          kind: 'mid',
          name: 'Mid I',
          questions: [
            { label: 'Q1', co: 'CO1', maxMarks: 10 },
            { label: 'Q2', co: 'CO2', maxMarks: 10 },
          ],
        },
      }),
    );
    expect(mid.maxMarks).toBe(20);
    expect(mid.questions.map((q: any) => q.co)).toEqual(['CO1', 'CO2']);
    const end = json(
      await t.as(ctx.fac.username, {
        method: 'POST',
        url: '/api/obe/assessments',
        payload: {
          subjectId: ctx.subjectA,
          sectionId: ctx.sectionId,
          academicYear: YEAR,
          kind: 'end_exam',
          name: 'End exam',
          questions: [
            { label: 'Q3', co: 'CO1', maxMarks: 20 },
            { label: 'Q4', co: 'CO2', maxMarks: 20 },
          ],
        },
      }),
    );
    ctx.mid = mid.id;
    ctx.end = end.id;
    const wrongCo = await t.as(ctx.fac.username, {
      method: 'POST',
      url: '/api/obe/assessments',
      payload: { subjectId: ctx.subjectA, sectionId: ctx.sectionId, academicYear: YEAR, kind: 'quiz', name: 'Quiz', questions: [{ label: 'Q1', co: 'CO7', maxMarks: 5 }] },
    });
    expect(json(wrongCo, 400).message).toBe(OBE_MSG.questionCo('Q1'));
    const list = json(await t.as('iqac', { method: 'GET', url: `/api/obe/assessments?subjectId=${ctx.subjectA}` }));
    expect(list.map((a: any) => a.name)).toEqual(['Mid I', 'End exam']);
  });

  it('takes marks per question in a grid, refusing marks above a maximum', async () => {
    const [s1, s2, s3, s4, s5] = ctx.students;
    const over = await t.as(ctx.fac.username, {
      method: 'PUT',
      url: `/api/obe/assessments/${ctx.mid}/marks`,
      payload: { rows: [{ studentId: s1.id, marks: [11, 6] }] },
    });
    expect(json(over, 400).message).toBe(OBE_MSG.overMax(s1.rollNo, 'Q1', 10));
    const mid = [
      [s1, 8, 6],
      [s2, 6, 4],
      [s3, 5, 7],
      [s4, 9, 3],
      [s5, 7, null],
    ] as const;
    const saved = json(
      await t.as(ctx.fac.username, {
        method: 'PUT',
        url: `/api/obe/assessments/${ctx.mid}/marks`,
        payload: { rows: mid.map(([s, a, b]) => ({ studentId: s.id, marks: [a, b] })) },
      }),
    );
    expect(saved).toEqual({ message: 'Marks saved for 5 student(s)', saved: 5 });
    const end = [
      [s1, 15, 18],
      [s2, 12, 12],
      [s3, 11, 14],
      [s4, 10, 8],
      [s5, 13, 16],
    ] as const;
    json(
      await t.as(ctx.fac.username, {
        method: 'PUT',
        url: `/api/obe/assessments/${ctx.end}/marks`,
        payload: { rows: end.map(([s, a, b]) => ({ studentId: s.id, marks: [a, b] })) },
      }),
    );
    const sheet = json(await t.as(ctx.fac.username, { method: 'GET', url: `/api/obe/assessments/${ctx.mid}/marks` }));
    const row5 = sheet.students.find((r: any) => r.rollNo === s5.rollNo);
    expect(row5).toMatchObject({ marks: [7, null], total: 7 });
    // A faculty member not allotted this section may not enter marks.
    const other = await newFacultyUser(t);
    const refused = await t.as(other.username, { method: 'PUT', url: `/api/obe/assessments/${ctx.mid}/marks`, payload: { rows: [{ studentId: s1.id, marks: [1, 1] }] } });
    expect(json(refused, 403).message).toBe(OBE_MSG.notYourSubject);
  });

  it('apportions an end-exam total to the COs by the paper’s weights', async () => {
    const paper = json(
      await t.as(ctx.fac.username, {
        method: 'POST',
        url: '/api/obe/assessments',
        payload: {
          subjectId: ctx.subjectA,
          sectionId: ctx.sectionId,
          academicYear: '2024-2025',
          kind: 'end_exam',
          name: 'Old end exam',
          questions: [
            { label: 'A', co: 'CO1', maxMarks: 40 },
            { label: 'B', co: 'CO2', maxMarks: 20 },
          ],
        },
      }),
    );
    const s1 = ctx.students[0];
    json(await t.as(ctx.fac.username, { method: 'PUT', url: `/api/obe/assessments/${paper.id}/marks`, payload: { rows: [{ studentId: s1.id, total: 45 }] } }));
    const sheet = json(await t.as(ctx.fac.username, { method: 'GET', url: `/api/obe/assessments/${paper.id}/marks` }));
    // 45 of 60 spread 40:20 → 30 and 15
    expect(sheet.students.find((r: any) => r.rollNo === s1.rollNo).marks).toEqual([30, 15]);
    const tooMuch = await t.as(ctx.fac.username, { method: 'PUT', url: `/api/obe/assessments/${paper.id}/marks`, payload: { rows: [{ studentId: s1.id, total: 61 }] } });
    expect(json(tooMuch, 400).message).toBe(OBE_MSG.totalOverMax(s1.rollNo, 60));
    const notEnd = await t.as(ctx.fac.username, { method: 'PUT', url: `/api/obe/assessments/${ctx.mid}/marks`, payload: { rows: [{ studentId: s1.id, total: 10 }] } });
    expect(json(notEnd, 400).message).toBe(OBE_MSG.totalsOnlyEndExam);
  });

  it('imports marks from the template the portal generates', async () => {
    const quiz = json(
      await t.as(ctx.fac.username, {
        method: 'POST',
        url: '/api/obe/assessments',
        payload: { subjectId: ctx.subjectB, sectionId: ctx.sectionId, academicYear: YEAR, kind: 'quiz', name: 'Quiz 1', questions: [{ label: 'Q1', co: 'CO1', maxMarks: 10 }] },
      }),
    );
    const tpl = await t.as(ctx.fac.username, { method: 'GET', url: `/api/obe/assessments/${quiz.id}/template` });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as never);
    const ws = wb.getWorksheet('Marks')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Roll No', 'Name', 'Q1 (CO1, max 10)']);
    // Subject B: 3 of 5 reach 6 of 10; one row carries a mark above the maximum.
    const marks = [6, 7, 9, 2, 5];
    ctx.students.forEach((s, i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(s.rollNo);
      row.getCell(3).value = marks[i];
    });
    ws.getRow(7).values = ['NOSUCH1', 'Nobody', 4];
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const upload = (dry: boolean) => {
      const boundary = '----obe';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="excelFileUpload"; filename="m.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        buf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.as(ctx.fac.username, {
        method: 'POST',
        url: `/api/obe/assessments/${quiz.id}/marks/import${dry ? '?dryRun=true' : ''}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const check = json(await upload(true));
    expect(check).toMatchObject({ saved: 0, valid: 5, dryRun: true });
    expect(check.rejected).toEqual([{ row: 7, errors: [`NOSUCH1 is not a student of ${quiz.sectionLabel}`] }]);
    const done = json(await upload(false));
    expect(done.message).toBe('5 student row(s) imported, 1 rejected');
    const sheet = json(await t.as(ctx.fac.username, { method: 'GET', url: `/api/obe/assessments/${quiz.id}/marks` }));
    expect(sheet.students.map((r: any) => r.marks[0])).toEqual(marks);
  });
});

describe('OBE: survey and attainment', () => {
  it('lets students rate each CO of the subjects assessed in their section', async () => {
    const ratings: Array<[number, number | null]> = [
      [5, 3],
      [4, 3],
      [4, 4],
      [3, null],
      [4, null],
    ];
    for (const [i, s] of ctx.students.entries()) {
      const forms = json(await t.as(s.username!, { method: 'GET', url: '/api/obe/survey' }));
      const form = forms.find((f: any) => f.subjectId === ctx.subjectA && f.academicYear === YEAR);
      expect(form.cos.map((c: any) => c.code)).toEqual(['CO1', 'CO2']);
      const [r1, r2] = ratings[i];
      if (r2 === null) {
        // Students 4 and 5 rate only CO1: the form refuses a partial answer, so their CO1 rows go in directly.
        const partial = await t.as(s.username!, { method: 'PUT', url: `/api/obe/survey/${ctx.subjectA}`, payload: { academicYear: YEAR, ratings: [{ co: 'CO1', rating: r1 }] } });
        expect(json(partial, 400).message).toBe(OBE_MSG.surveyAllCos);
        const co1 = await t.db.selectFrom('obe_course_outcomes').select('id').where('subject_id', '=', ctx.subjectA).where('code', '=', 'CO1').executeTakeFirstOrThrow();
        await t.db
          .insertInto('obe_survey_responses')
          .values({ college_id: 1, subject_id: ctx.subjectA, academic_year: YEAR, student_id: s.id, co_id: co1.id, rating: r1, created_at: new Date().toISOString() })
          .execute();
        continue;
      }
      const res = json(
        await t.as(s.username!, {
          method: 'PUT',
          url: `/api/obe/survey/${ctx.subjectA}`,
          payload: { academicYear: YEAR, ratings: [{ co: 'CO1', rating: r1 }, { co: 'CO2', rating: r2 }] },
        }),
      );
      expect(res.message).toBe(OBE_MSG.surveyThanks);
    }
    const again = json(await t.as(ctx.students[0].username!, { method: 'GET', url: '/api/obe/survey' }));
    expect(again.find((f: any) => f.subjectId === ctx.subjectA && f.academicYear === YEAR).answered).toBe(true);
  });

  it('computes the course attainment sheet worked out above', async () => {
    const a = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}?year=${YEAR}` }));
    expect(a.students).toBe(5);
    const [co1, co2] = a.cos;
    expect(co1).toMatchObject({
      code: 'CO1',
      internal: { maxMarks: 10, students: 5, attained: 4, pct: 80, level: 3 },
      external: { maxMarks: 20, students: 5, attained: 3, pct: 60, level: 2 },
      direct: 2.3,
      surveyMean: 4,
      surveyResponses: 5,
      indirect: 2.4,
      final: 2.32,
      target: 2,
      gap: 0.32,
    });
    expect(co2).toMatchObject({
      internal: { attained: 2, pct: 40, level: 0 },
      external: { attained: 4, pct: 80, level: 3 },
      direct: 2.1,
      surveyMean: 3.33,
      surveyResponses: 3,
      indirect: 2,
      final: 2.08,
    });
    const po = (code: string) => a.outcomes.find((o: any) => o.code === code);
    expect(po('PO1')).toMatchObject({ value: 2.22, strengthSum: 5, weightedSum: 11.12, gap: 0.22 });
    expect(po('PO2')).toMatchObject({ value: 2.08, strengthSum: 1 });
    expect(po('PO3').value).toBeNull();
  });

  it('drills a figure down to the students behind it', async () => {
    const rows = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}/rows?year=${YEAR}&co=CO2&part=internal` }));
    expect(rows.maxMarks).toBe(10);
    expect(rows.threshold).toBe(60);
    expect(rows.rows.map((r: any) => [r.value, r.attained])).toEqual([
      [6, true],
      [4, false],
      [7, true],
      [3, false],
      [0, false],
    ]);
    const survey = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}/rows?year=${YEAR}&co=CO2&part=survey` }));
    expect(survey.rows.map((r: any) => r.value)).toEqual([3, 3, 4]);
  });

  it('keeps last year’s figures when this year’s rules change', async () => {
    // 2024-2025 (one student's end exam, no settings saved: the defaults): CO1 30/40 = 75 % → 1 of 5 students reach → 20 % → 0.
    const before = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}?year=2024-2025` }));
    const changed = json(
      await t.as('iqac', {
        method: 'PUT',
        url: '/api/obe/settings',
        payload: { academicYear: YEAR, targetPct: 50, level3: 80, level2: 70, level1: 60, internalWeight: 40, externalWeight: 60, directWeight: 90, indirectWeight: 10, targetLevel: 2.5 },
      }),
    );
    expect(changed).toMatchObject({ academicYear: YEAR, targetPct: 50, saved: true });
    const after = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}?year=2024-2025` }));
    expect(after.cos).toEqual(before.cos);
    expect(after.settings.targetPct).toBe(60);
    // This year's figures follow the new rules: CO1 internal at 50 %: all 5 reach → 100 % → 3.
    const now = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}?year=${YEAR}` }));
    expect(now.cos[0].internal).toMatchObject({ attained: 5, level: 3 });
    const invalid = await t.as('iqac', {
      method: 'PUT',
      url: '/api/obe/settings',
      payload: { academicYear: YEAR, targetPct: 60, level3: 70, level2: 60, level1: 50, internalWeight: 30, externalWeight: 60, directWeight: 80, indirectWeight: 20, targetLevel: 2 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(OBE_MSG.weightsInternal);
    // back to the defaults for the program test
    json(
      await t.as('iqac', {
        method: 'PUT',
        url: '/api/obe/settings',
        payload: { academicYear: YEAR, targetPct: 60, level3: 70, level2: 60, level1: 50, internalWeight: 30, externalWeight: 70, directWeight: 80, indirectWeight: 20, targetLevel: 2 },
      }),
    );
  });

  it('pools the batch’s subjects into the program’s PO attainment', async () => {
    const batch = await t.db.selectFrom('batches').select('name').where('id', '=', ctx.batchId).executeTakeFirstOrThrow();
    const p = json(await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/program?branch=CSE&batch=${batch.name}` }));
    const sa = p.subjects.find((s: any) => s.subjectId === ctx.subjectA);
    const sb = p.subjects.find((s: any) => s.subjectId === ctx.subjectB);
    expect(sa.academicYear).toBe(YEAR);
    expect(sa.cos).toEqual([
      { code: 'CO1', final: 2.32 },
      { code: 'CO2', final: 2.08 },
    ]);
    expect(sb.cos).toEqual([{ code: 'CO1', final: 2 }]);
    const po1 = p.outcomes.find((o: any) => o.code === 'PO1');
    expect(po1).toMatchObject({ value: 2.19, strengthSum: 6, weightedSum: 13.12, target: 2, gap: 0.19 });
    expect(p.outcomes.find((o: any) => o.code === 'PO2').value).toBe(2.08);
    const missing = await t.as('iqac', { method: 'GET', url: '/api/obe/attainment/program?branch=XYZ&batch=2022-2026' });
    expect(json(missing, 400).message).toBe(OBE_MSG.branchNotFound);
  });

  it('prints the course sheet and the program attainment as PDF (with a verification QR) and Excel', async () => {
    const pdf = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}/report?year=${YEAR}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const issued = await t.db.selectFrom('issued_documents').select(['title', 'fields_json']).where('kind', '=', 'obe-attainment').execute();
    expect(issued.some((d) => /Course attainment/.test(d.title) && d.fields_json.includes('"2.32"'))).toBe(true);
    const xlsx = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}/report?year=${YEAR}&format=xlsx` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const ws = wb.getWorksheet('Course attainment')!;
    expect(ws.getRow(2).getCell(1).value).toBe('CO1');
    expect(ws.getRow(2).getCell(11).value).toBe(2.32);
    const batch = await t.db.selectFrom('batches').select('name').where('id', '=', ctx.batchId).executeTakeFirstOrThrow();
    const prog = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/program/report?branch=CSE&batch=${batch.name}&format=xlsx` });
    const pwb = new ExcelJS.Workbook();
    await pwb.xlsx.load(prog.rawPayload as never);
    expect(pwb.getWorksheet('Program attainment')!.getRow(2).values).toEqual([undefined, 'PO1', 2, 2.19, 0.19, 6, 13.12]);
    const ppdf = await t.as('iqac', { method: 'GET', url: `/api/obe/attainment/program/report?branch=CSE&batch=${batch.name}` });
    expect(ppdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps students and other departments out', async () => {
    const s = ctx.students[0];
    const res = await t.as(s.username!, { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}` });
    expect(json(res, 403).message).toBe(MSG.noPermission);
    const ece = await newFacultyUser(t, 'ECE', ['ROLE_FACULTY']);
    const refused = await t.as(ece.username, { method: 'GET', url: `/api/obe/attainment/subject/${ctx.subjectA}` });
    expect(json(refused, 403).message).toBe(MSG.noPermission);
  });
});
