import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PORTAL_MSG, RESULT_MSG } from '@erp/shared';
import { nowIso } from '../../../db/index.js';
import { encodePng } from '../../../lib/png.js';
import { fileStorage } from '../../../lib/storage/index.js';
import { storeUpload } from '../../../lib/uploads.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { collegeId, newExamResult, newExamTitle, newParent, newStudent, type BuiltStudent } from '../../../../test/builders.js';
import { newRegulation, ok } from '../../../../test/modules/academic.js';
import { pdfText } from '../../../../test/modules/accounts.js';
import { RECORDS_MSG } from './access.js';
import { CERTIFICATE_MSG } from './certificates.js';
import { classOf } from './classes.js';

/**
 * The exam cell's records on a world of their own: a regulation whose class lines are 7.75
 * (distinction), 6.50 (first) and 5.50 (second), marks out of 30 internal + 70 external; six
 * courses over two semesters (I-I: A1 4 cr, A2 4 cr, A3 3 cr; I-II: B1 3 cr, B2 3 cr, B3 3 cr lab).
 * Student 1 gets A, A, B in I-I and C, F, C in I-II, then D in B2 at a supplementary exam:
 *   I-I SGPA (9·4 + 9·4 + 8·3) / 11 = 96 / 11 = 8.73; I-II at the regular exam (7·3 + 0 + 7·3) / 9 = 4.67,
 *   finally (7·3 + 6·3 + 7·3) / 9 = 6.67; CGPA before the supplementary 138 / 17 = 8.12, after it
 *   156 / 20 = 7.80: above the distinction line, but B2 was not passed at the first attempt, so First Class.
 * Student 2 writes the same exams and passes everything; parents of each are linked.
 */
let t: TestApp;
let college: number;
const CELL = 'examcell';
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const code = (c: string) => `${c}${tag}`;
let s1: BuiltStudent;
let s2: BuiltStudent;
let parent1: { username: string };
let parent2: { username: string };
let regulationId: number;
let regulationCode: string;
const exams: Record<'first' | 'second' | 'supply', { id: number; titleId: number; title: string }> = {} as never;
const SUPPLY_TITLE = `B.Tech I-II Supplementary Examinations July 2025 ${tag}`;
const GRADE = { A: 85, B: 75, C: 65, D: 55, F: 30 } as const;

async function newExamWithTitle(
  name: string,
  kind: 'regular' | 'supplementary',
  dates: { starts: string; ends: string; publishedAt: string | null },
  titlePublished: 0 | 1,
) {
  const title = await newExamTitle(t.db, college, {
    title: name,
    exam_type: kind === 'regular' ? 'regular' : 'supply',
    published: titlePublished,
  });
  const now = nowIso();
  const { id } = await t.db
    .insertInto('exams')
    .values({
      college_id: college,
      name,
      kind,
      regulation_id: regulationId,
      status: dates.publishedAt ? 'published' : 'marks_entry',
      registration_closes: dates.starts,
      starts_on: dates.starts,
      ends_on: dates.ends,
      fee_per_paper_paise: 0,
      created_at: now,
      updated_at: now,
      exam_title_id: title.id,
      published_at: dates.publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, titleId: title.id, title: name };
}

async function newCourse(semesterId: number, c: string, name: string, credits: number, kind = 'theory') {
  const { id } = await t.db
    .insertInto('subjects')
    .values({
      college_id: college,
      regulation_id: regulationId,
      semester_id: semesterId,
      branch_id: null,
      code: code(c),
      name,
      credits,
      lecture: 3,
      tutorial: 0,
      practical: 0,
      kind,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A processed paper of the exam (its marks for the NAD file). */
async function outcome(
  examId: number,
  subjectId: number,
  studentId: number,
  m: { cie: number; see: number | null; grace?: number; total: number; grade: string; gp: number; status: string },
) {
  const { id: paperId } = await t.db
    .insertInto('exam_papers')
    .values({ college_id: college, exam_id: examId, subject_id: subjectId, date: null, session: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('exam_outcomes')
    .values({
      college_id: college,
      exam_id: examId,
      student_id: studentId,
      paper_id: paperId,
      credits: 3,
      internal_marks: m.cie,
      external_marks: m.see,
      grace_marks: m.grace ?? 0,
      grace_rule_id: null,
      total_marks: m.total,
      percent: m.total,
      grade: m.grade,
      grade_points: m.gp,
      status: m.status,
    })
    .execute();
}

const get = (as: string, url: string) => t.as(as, { method: 'GET', url });
const grades = (s: BuiltStudent, title: { id: number }, list: Array<[string, string, number, keyof typeof GRADE]>) =>
  Promise.all(
    list.map(([c, name, credits, g]) =>
      newExamResult(t.db, college, title, s, { code: code(c), name, credits, marks: GRADE[g] }),
    ),
  );

/** A PDF's text with its runs of white space as one space (justified lines break anywhere). */
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');

/** Writes a PDF to RECORDS_PDF_DIR when set, to look at. */
function keep(name: string, pdf: Buffer) {
  const dir = process.env.RECORDS_PDF_DIR;
  if (dir) fs.writeFileSync(path.join(dir, name), pdf);
}

beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
  const regulation = await newRegulation(t);
  regulationId = regulation.id;
  regulationCode = regulation.code;
  await t.db
    .insertInto('regulation_exam_rules')
    .values({
      college_id: college,
      regulation_id: regulationId,
      cie_max: 30,
      see_max: 70,
      cie_min: 12,
      see_min: 28,
      total_min_percent: 40,
      reval_rule: 'higher_if_diff',
      distinction_cgpa_x100: 775,
      first_class_cgpa_x100: 650,
      second_class_cgpa_x100: 550,
    })
    .execute();
  const semester = async (name: string) =>
    (
      await t.db
        .selectFrom('semesters as s')
        .innerJoin('courses as c', 'c.id', 's.course_id')
        .select('s.id')
        .where('s.college_id', '=', college)
        .where('c.name', '=', 'B.Tech')
        .where('s.name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const [sem1, sem2] = [await semester('I-I'), await semester('I-II')];
  await newCourse(sem1, 'A1', 'Engineering Mathematics I', 4);
  await newCourse(sem1, 'A2', 'Engineering Physics', 4);
  await newCourse(sem1, 'A3', 'Programming for Problem Solving', 3);
  const b1 = await newCourse(sem2, 'B1', 'Data Structures', 3);
  const b2 = await newCourse(sem2, 'B2', 'Digital Logic Design', 3);
  const b3 = await newCourse(sem2, 'B3', 'Data Structures Lab', 3, 'lab');

  s1 = await newStudent(t.db, college, { roll_no: `R${tag}01`, full_name: 'Kumar, Ravi', gender: 'Male', login: true });
  s2 = await newStudent(t.db, college, { roll_no: `R${tag}02`, full_name: 'Sita Devi', login: true });
  const photo = encodePng(60, 72, (x, y) =>
    Math.hypot(x - 30, y - 26) < 13 || (y > 44 && Math.abs(x - 30) < 22 - (72 - y) / 3)
      ? [120, 134, 160, 255]
      : [226, 232, 240, 255],
  );
  const photoPath = await storeUpload(fileStorage(t.config), 'SVEC', 'photos', `${s1.rollNo}.png`, photo);
  const { id: admissionId } = await t.db
    .insertInto('admissions')
    .values({
      college_id: college,
      admission_no: `ADM${tag}`,
      aadhar_no: '',
      name: 'Kumar, Ravi',
      course: 'B.Tech',
      batch: '2022-2026',
      branch: 'CSE',
      gender: 'MALE',
      date_of_admission: '2022-08-01',
      data_json: JSON.stringify({ dateOfBirth: '2004-08-15', mothersName: 'Lakshmi' }),
      photo_path: photoPath,
      created_by: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('students')
    .set({ admission_id: admissionId, father_name: 'Srinivas Rao' })
    .where('id', '=', s1.id)
    .execute();
  parent1 = await newParent(t.db, college, [s1.id]);
  parent2 = await newParent(t.db, college, [s2.id]);

  exams.first = await newExamWithTitle(
    `B.Tech I-I Regular Examinations Dec 2024 ${tag}`,
    'regular',
    { starts: '2024-12-02', ends: '2024-12-14', publishedAt: '2025-01-10T06:00:00.000Z' },
    1,
  );
  exams.second = await newExamWithTitle(
    `B.Tech I-II Regular Examinations May 2025 ${tag}`,
    'regular',
    { starts: '2025-04-20', ends: '2025-05-10', publishedAt: '2025-06-02T06:00:00.000Z' },
    1,
  );
  exams.supply = await newExamWithTitle(
    SUPPLY_TITLE,
    'supplementary',
    { starts: '2025-07-07', ends: '2025-07-12', publishedAt: null },
    0,
  );

  await grades(s1, { id: exams.first.titleId }, [
    ['A1', 'Engineering Mathematics I', 4, 'A'],
    ['A2', 'Engineering Physics', 4, 'A'],
    ['A3', 'Programming for Problem Solving', 3, 'B'],
  ]);
  await grades(s1, { id: exams.second.titleId }, [
    ['B1', 'Data Structures', 3, 'C'],
    ['B2', 'Digital Logic Design', 3, 'F'],
    ['B3', 'Data Structures Lab', 3, 'C'],
  ]);
  await grades(s1, { id: exams.supply.titleId }, [['B2', 'Digital Logic Design', 3, 'D']]);
  await grades(s2, { id: exams.first.titleId }, [
    ['A1', 'Engineering Mathematics I', 4, 'A'],
    ['A2', 'Engineering Physics', 4, 'B'],
    ['A3', 'Programming for Problem Solving', 3, 'A'],
  ]);
  await grades(s2, { id: exams.second.titleId }, [
    ['B1', 'Data Structures', 3, 'B'],
    ['B2', 'Digital Logic Design', 3, 'B'],
    ['B3', 'Data Structures Lab', 3, 'A'],
  ]);
  await outcome(exams.second.id, b1, s1.id, { cie: 25, see: 40, total: 65, grade: 'C', gp: 7, status: 'Pass' });
  await outcome(exams.second.id, b2, s1.id, { cie: 10, see: 20, total: 30, grade: 'F', gp: 0, status: 'Fail' });
  // total_marks is internal + external; the grace that lifted 63 to a C stands apart from it
  await outcome(exams.second.id, b3, s1.id, { cie: 20, see: 43, grace: 2, total: 63, grade: 'C', gp: 7, status: 'Pass' });
});
afterAll(async () => t.close());

describe('the class a regulation awards', () => {
  const lines = { distinction_cgpa_x100: 775, first_class_cgpa_x100: 650, second_class_cgpa_x100: 550 };
  it('needs the distinction line and every course passed at the first attempt for a distinction', () => {
    expect(classOf(7.8, lines, { openCourses: 0, allFirstAttempt: false })).toBe('First Class');
    expect(classOf(7.8, lines, { openCourses: 0, allFirstAttempt: true })).toBe('First Class with Distinction');
    expect(classOf(7.75, lines, { openCourses: 0, allFirstAttempt: true })).toBe('First Class with Distinction');
    expect(classOf(7.74, lines, { openCourses: 0, allFirstAttempt: true })).toBe('First Class');
    expect(classOf(6.5, lines, { openCourses: 0, allFirstAttempt: false })).toBe('First Class');
    expect(classOf(6.49, lines, { openCourses: 0, allFirstAttempt: true })).toBe('Second Class');
    expect(classOf(5.49, lines, { openCourses: 0, allFirstAttempt: true })).toBe('Pass Class');
    expect(classOf(9.1, lines, { openCourses: 1, allFirstAttempt: false })).toBeNull();
  });
});

describe('the ABC id', () => {
  const put = (as: string, abcId: unknown) => t.as(as, { method: 'PUT', url: '/api/me/abc-id', payload: { abcId } });

  it('is twelve digits, not all the same, saved by the student and audited', async () => {
    for (const bad of ['12345', '1234567890123', '111111111111', 'ABCD56789012', ''])
      expect((await put(s1.username!, bad)).json().message, bad).toBe(RESULT_MSG.abcId);
    expect((await put(s1.username!, '12345')).statusCode).toBe(400);
    const saved = await ok(await put(s1.username!, '1234 5678-9012'));
    expect(saved).toEqual({ message: 'Your ABC id is saved', abcId: '123456789012' });
    const row = await t.db.selectFrom('students').select('abc_id').where('id', '=', s1.id).executeTakeFirstOrThrow();
    expect(row.abc_id).toBe('123456789012');
    const log = await t.db
      .selectFrom('audit_log')
      .select(['username', 'before_json', 'after_json'])
      .where('action', '=', 'student.abc-id')
      .where('entity_id', '=', String(s1.id))
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0].username).toBe(s1.username);
    expect(JSON.parse(log[0].after_json!)).toEqual({ rollNo: s1.rollNo, abcId: '123456789012' });
    expect(JSON.parse(log[0].before_json!)).toEqual({ rollNo: s1.rollNo, abcId: null });
  });

  it('belongs to one student of the college, and only a student saves their own', async () => {
    const taken = await put(s2.username!, '123456789012');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(RESULT_MSG.abcTaken);
    expect((await ok(await put(s1.username!, '123456789012'))).message).toBe('Your ABC id is already saved');
    expect((await put(CELL, '223456789012')).statusCode).toBe(403);
    expect((await put(parent1.username, '223456789012')).statusCode).toBe(403);
  });
});

describe('grade cards', () => {
  const url = (examId: number, roll: string) => `/api/exams/${examId}/grade-cards/${roll}.pdf`;

  it("print one exam's grades, SGPA, CGPA to date and a verification QR, and never the grace marks", async () => {
    const res = await get(s1.username!, url(exams.second.id, s1.rollNo));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`grade-card-${s1.rollNo}-${exams.second.id}.pdf`);
    keep('grade-card.pdf', res.rawPayload);
    const text = await textOf(res.rawPayload);
    for (const expected of [
      'GRADE CARD',
      exams.second.title,
      'Kumar, Ravi',
      s1.rollNo,
      'Srinivas Rao',
      code('B1'),
      'Digital Logic Design',
      '4.67', // SGPA 42 / 9
      '8.12', // CGPA to date 138 / 17
      '1 NOT CLEARED',
      'Scan to verify this document',
      'I-II',
      regulationCode,
    ])
      expect(text, expected).toContain(expected);
    expect(text.toLowerCase()).not.toContain('grace');
    const doc = await t.db
      .selectFrom('issued_documents')
      .select(['kind', 'title', 'holder', 'fields_json'])
      .where('kind', '=', 'grade-card')
      .where('holder', '=', `Kumar, Ravi (${s1.rollNo})`)
      .executeTakeFirstOrThrow();
    expect(doc.title).toBe(`Grade card: ${exams.second.title}`);
    expect(JSON.parse(doc.fields_json)).toContainEqual({ label: 'SGPA', value: '4.67' });
  });

  it('are for the exam cell, the student and their parent only', async () => {
    expect((await get(CELL, url(exams.first.id, s1.rollNo))).statusCode).toBe(200);
    expect((await get(parent1.username, url(exams.first.id, s1.rollNo))).statusCode).toBe(200);
    const other = await get(s2.username!, url(exams.first.id, s1.rollNo));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(RECORDS_MSG.notOwn);
    const otherFamily = await get(parent2.username, url(exams.first.id, s1.rollNo));
    expect(otherFamily.statusCode).toBe(403);
    expect(otherFamily.json().message).toBe(RECORDS_MSG.notChild);
    const faculty = await get('faculty', url(exams.first.id, s1.rollNo));
    expect(faculty.statusCode).toBe(403);
    expect(faculty.json().message).toBe(MSG.noPermission);
    const nobody = await get(CELL, url(exams.first.id, `NONE${tag}`));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(RECORDS_MSG.noStudent(`NONE${tag}`));
  });

  it("follow the student's choice to hide marks from parents", async () => {
    await t.db
      .insertInto('portal_privacy')
      .values({ college_id: college, student_id: s1.id, hide_marks: 1, hide_attendance: 0, updated_at: nowIso() })
      .execute();
    const hidden = await get(parent1.username, url(exams.first.id, s1.rollNo));
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe(PORTAL_MSG.marksHidden);
    expect((await get(s1.username!, url(exams.first.id, s1.rollNo))).statusCode).toBe(200);
    await t.db.deleteFrom('portal_privacy').where('student_id', '=', s1.id).execute();
  });

  it('wait for the results to be published', async () => {
    const early = await get(CELL, url(exams.supply.id, s1.rollNo));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MSG.notPublished);
  });
});

describe('the NAD file', () => {
  it('has the NAD marksheet columns, a subject group per course and one row per student', async () => {
    const res = await get(CELL, `/api/exams/${exams.second.id}/nad.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="nad-B-Tech-I-II-Regular-Examinations-May-2025-${tag}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(4); // header, two students, the final line break
    const subject = (n: number) =>
      `SUB${n}NM,SUB${n},SUB${n}_TH_MRKS,SUB${n}_PR_MRKS,SUB${n}_CE_MRKS,SUB${n}_GRACE,SUB${n}_TOT,SUB${n}_GRADE,` +
      `SUB${n}_GRADE_POINTS,SUB${n}_CREDIT,SUB${n}_CREDIT_POINTS,SUB${n}_REMARKS,SUB${n}_CREDIT_ELIGIBILITY`;
    expect(lines[0]).toBe(
      'ORG_NAME,ACADEMIC_COURSE_ID,COURSE_NAME,STREAM,SESSION,REGN_NO,RROLL,CNAME,GENDER,DOB,FNAME,MNAME,PHOTO,' +
        'MRKS_REC_STATUS,RESULT,YEAR,MONTH,PERCENT,DOI,CERT_NO,SEM,EXAM_TYPE,TOT,TOT_MRKS,TOT_CREDIT,TOT_CREDIT_POINTS,' +
        `CGPA,SGPA,ABC_ACCOUNT_ID,TERM_TYPE,${subject(1)},${subject(2)},${subject(3)}`,
    );

    const { name: collegeName } = await t.db
      .selectFrom('colleges')
      .select('name')
      .where('id', '=', college)
      .executeTakeFirstOrThrow();
    const stream = (
      await t.db
        .selectFrom('branches')
        .select('name')
        .where('college_id', '=', college)
        .where('short_name', '=', 'CSE')
        .executeTakeFirstOrThrow()
    ).name;
    // prettier-ignore
    const row1 = [
      collegeName, 'BTECH-CSE', 'B.Tech', stream, '2024-25', `ADM${tag}`, s1.rollNo, '"Kumar, Ravi"', 'M', '15/08/2004',
      'Srinivas Rao', 'Lakshmi', '', 'O', 'FAIL', '2025', 'MAY', '52.67', '02/06/2025', '', '2', 'REGULAR',
      '300', '158', '6', '42', '8.12', '4.67', '123456789012', 'SEMESTER',
      'Data Structures', code('B1'), '40', '', '25', '', '65', 'C', '7', '3', '21', '', 'Y',
      'Digital Logic Design', code('B2'), '20', '', '10', '', '30', 'F', '0', '3', '0', 'FAIL', 'N',
      'Data Structures Lab', code('B3'), '', '43', '20', '2', '63', 'C', '7', '3', '21', '', 'Y',
    ].map((c) => (c.includes(',') && !c.startsWith('"') ? `"${c}"` : c));
    expect(lines[1]).toBe(row1.join(','));
    expect(lines[2].startsWith(`${collegeName.includes(',') ? `"${collegeName}"` : collegeName},BTECH-CSE,B.Tech,`)).toBe(true);
    expect(lines[2]).toContain(`,${s2.rollNo},Sita Devi,F,,`);
  });

  it('is for the exam cell, after publication', async () => {
    expect((await get(s1.username!, `/api/exams/${exams.second.id}/nad.csv`)).statusCode).toBe(403);
    const early = await get(CELL, `/api/exams/${exams.supply.id}/nad.csv`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MSG.notPublished);
  });
});

describe('the transcript and the certificates', () => {
  const transcript = (roll: string) => `/api/students/${roll}/transcript.pdf`;
  const provisional = (roll: string) => `/api/students/${roll}/provisional-certificate.pdf`;
  const degree = (roll: string) => `/api/students/${roll}/degree-certificate.pdf`;

  it('awards no class and no certificate while a course is open', async () => {
    const text = await textOf((await get(s1.username!, transcript(s1.rollNo))).rawPayload);
    expect(text).toContain('Not yet awarded');
    expect(text).toContain(`Not cleared yet: ${code('B2')}`);
    expect(text).toContain('8.12');
    const refused = await get(s1.username!, provisional(s1.rollNo));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`1 course is not cleared yet: ${code('B2')}`);
    expect(CERTIFICATE_MSG.notCleared(['CS301', 'MA201'])).toBe('2 courses are not cleared yet: CS301, MA201');
  });

  it('show the supplementary pass as the final grade, with the exam named, and the class by the regulation', async () => {
    await ok(
      await t.as(CELL, {
        method: 'PATCH',
        url: `/api/exam-results/titles/${exams.supply.titleId}`,
        payload: { published: true },
      }),
    );
    await t.db
      .updateTable('exams')
      .set({ published_at: '2025-08-01T06:00:00.000Z', status: 'published' })
      .where('id', '=', exams.supply.id)
      .execute();
    const res = await get(parent1.username, transcript(s1.rollNo));
    expect(res.statusCode, res.body).toBe(200);
    keep('transcript.pdf', res.rawPayload);
    const text = await textOf(res.rawPayload);
    for (const expected of [
      'CONSOLIDATED TRANSCRIPT',
      'SEMESTER I-I',
      'SEMESTER I-II',
      'SGPA 8.73',
      'SGPA 6.67',
      '7.80',
      'First Class',
      `* Passed at a supplementary examination: ${SUPPLY_TITLE} (Jul 2025)`,
      'Jul 2025*',
      '15-08-2004',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Not cleared');
    expect(text.toLowerCase()).not.toContain('grace');
    const issued = await t.db
      .selectFrom('issued_documents')
      .select('fields_json')
      .where('kind', '=', 'transcript')
      .where('holder', '=', `Kumar, Ravi (${s1.rollNo})`)
      .orderBy('issued_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(issued.fields_json)).toEqual(
      expect.arrayContaining([
        { label: 'CGPA', value: '7.80' },
        { label: 'Class', value: 'First Class' },
      ]),
    );
    const grade = await get(CELL, `/api/exams/${exams.supply.id}/grade-cards/${s1.rollNo}.pdf`);
    expect(grade.statusCode).toBe(200);
    const supplyText = await textOf(grade.rawPayload);
    expect(supplyText).toContain('Supplementary, Jul 2025');
    expect(supplyText).toContain('7.80');
  });

  it('keep other students and other families out', async () => {
    const other = await get(s2.username!, transcript(s1.rollNo));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(RECORDS_MSG.notOwn);
    const otherFamily = await get(parent2.username, transcript(s1.rollNo));
    expect(otherFamily.statusCode).toBe(403);
    expect(otherFamily.json().message).toBe(RECORDS_MSG.notChild);
    expect((await get(parent2.username, transcript(s2.rollNo))).statusCode).toBe(200);
  });

  it('issue the certificates once every course the regulation lists is passed, or the student has completed', async () => {
    const semester = await t.db
      .selectFrom('semesters as s')
      .innerJoin('courses as c', 'c.id', 's.course_id')
      .select('s.id')
      .where('s.college_id', '=', college)
      .where('c.name', '=', 'B.Tech')
      .where('s.name', '=', 'II-I')
      .executeTakeFirstOrThrow();
    const c1 = await newCourse(semester.id, 'C1', 'Discrete Mathematics', 3);
    const incomplete = await get(s1.username!, provisional(s1.rollNo));
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toBe(
      `The programme is not complete: the student's status is 'active' and 1 course of regulation ${regulationCode} has no pass yet: ${code('C1')}`,
    );
    await t.db.updateTable('subjects').set({ retired: 1 }).where('id', '=', c1).execute();

    const cert = await get(s1.username!, provisional(s1.rollNo));
    expect(cert.statusCode, cert.body).toBe(200);
    keep('provisional.pdf', cert.rawPayload);
    const text = await textOf(cert.rawPayload);
    for (const expected of [
      'PROVISIONAL CERTIFICATE',
      'Kumar, Ravi',
      'son of Srinivas Rao',
      'First Class',
      '7.80',
      'Jul 2025',
      'Scan to verify this document',
    ])
      expect(text, expected).toContain(expected);

    const refusedToStudent = await get(s1.username!, degree(s1.rollNo));
    expect(refusedToStudent.statusCode).toBe(403);
    expect(refusedToStudent.json().message).toBe(RECORDS_MSG.cellOnly('degree certificate'));
    const refusedToParent = await get(parent1.username, provisional(s1.rollNo));
    expect(refusedToParent.statusCode).toBe(403);
    expect(refusedToParent.json().message).toBe(RECORDS_MSG.notForParents('provisional certificate'));
    const deg = await get(CELL, degree(s1.rollNo));
    expect(deg.statusCode, deg.body).toBe(200);
    keep('degree.pdf', deg.rawPayload);
    const degText = await textOf(deg.rawPayload);
    for (const expected of ['DEGREE CERTIFICATE', 'B.Tech in CSE', 'First Class', '7.80'])
      expect(degText, expected).toContain(expected);

    // Student 2 passed everything at the first attempt: 9·4 + 8·4 + 9·3 + 8·3 + 8·3 + 9·3 = 170 / 20 = 8.50, with distinction.
    await t.db.updateTable('subjects').set({ retired: 0 }).where('id', '=', c1).execute();
    await t.db.updateTable('students').set({ status: 'completed' }).where('id', '=', s2.id).execute();
    const s2Degree = await textOf((await get(CELL, degree(s2.rollNo))).rawPayload);
    expect(s2Degree).toContain('First Class with Distinction');
    expect(s2Degree).toContain('8.50');
  });
});
