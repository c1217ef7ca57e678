import crypto from 'node:crypto';
import { nowIso } from '../../src/db/index.js';
import { newStudent } from '../builders.js';
import type { TestApp } from '../helpers.js';
import { allocate, newFacultyUser, newSection, newSubject, ok } from './academic.js';

/**
 * An exam written and ready for marks, built row by row: students with logins in a section of its
 * regulation, papers of subjects made for it taught by one teacher, registrations and answer
 * scripts with dummy numbers (absentees as told). Each call makes its own exam, rules and people.
 */

let made = 0;
const unique = (prefix: string) =>
  `${prefix}${String(++made).padStart(3, '0')}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;

export const RULES = {
  cieMax: 30,
  seeMax: 70,
  cieMin: 12,
  seeMin: 25,
  totalMinPercent: 40,
  supplyGradeCap: 'C',
  supplyRevaluation: false,
  revalRule: 'second_if_diff',
  revalThreshold: 5,
  distinctionCgpa: 7.75,
  firstClassCgpa: 6.5,
  secondClassCgpa: 5.5,
} as const;

export async function writtenExam(
  t: TestApp,
  opts: { students: number; papers: number; absent?: Array<[number, number]>; kind?: 'regular' | 'supplementary'; name?: string },
) {
  const students = [];
  for (let i = 0; i < opts.students; i++)
    students.push(await newStudent(t.db, 1, { full_name: `Grading Student ${i + 1}`, login: true }));
  const { section, regulation, semesterId } = await newSection(
    t,
    students.map((s) => s.rollNo),
  );
  const teacher = await newFacultyUser(t);
  const subjects = [];
  for (let i = 0; i < opts.papers; i++) subjects.push(await newSubject(t, regulation.id, semesterId));
  for (const s of subjects) await allocate(t, s.id, section.id, [teacher.facultyId]);
  await ok(await t.as('admin', { method: 'PUT', url: `/api/regulations/${regulation.id}/exam-rules`, payload: RULES }));

  const now = nowIso();
  const name = opts.name ?? unique('Grading Exam ');
  const { id: examId } = await t.db
    .insertInto('exams')
    .values({
      college_id: 1,
      name,
      kind: opts.kind ?? 'regular',
      regulation_id: regulation.id,
      status: 'in_progress',
      registration_closes: '2026-11-01',
      starts_on: '2026-11-02',
      ends_on: '2026-11-10',
      fee_per_paper_paise: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const papers = [];
  for (const s of subjects) {
    const { id } = await t.db
      .insertInto('exam_papers')
      .values({ college_id: 1, exam_id: examId, subject_id: s.id, date: '2026-11-02', session: 'FN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    papers.push({ id, subjectId: s.id, code: s.code as string });
  }
  const absent = new Set((opts.absent ?? []).map(([s, p]) => `${s}:${p}`));
  const dummies: string[][] = [];
  for (const [si, st] of students.entries()) {
    const { id: regId } = await t.db
      .insertInto('exam_registrations')
      .values({
        college_id: 1,
        exam_id: examId,
        student_id: st.id,
        status: 'verified',
        fee_paise: 0,
        registered_on: '2026-10-20',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    dummies.push([]);
    for (const [pi, p] of papers.entries()) {
      await t.db
        .insertInto('exam_registration_papers')
        .values({ college_id: 1, registration_id: regId, exam_id: examId, student_id: st.id, paper_id: p.id, kind: 'regular' })
        .execute();
      const dummy = unique('9');
      dummies[si].push(dummy);
      await t.db
        .insertInto('exam_scripts')
        .values({
          college_id: 1,
          exam_id: examId,
          student_id: st.id,
          paper_id: p.id,
          dummy_no: dummy,
          status: absent.has(`${si}:${pi}`) ? 'absent' : 'written',
        })
        .execute();
    }
  }
  return { examId, name, regulationId: regulation.id, sectionId: section.id as number, students, papers, teacher, dummies };
}

/** A supplementary exam of the same regulation and subjects, written by the students and papers given. */
export async function supplementaryOf(t: TestApp, x: Awaited<ReturnType<typeof writtenExam>>, writes: Array<[number, number]>) {
  const now = nowIso();
  const name = unique('Grading Supplementary ');
  const { id: examId } = await t.db
    .insertInto('exams')
    .values({
      college_id: 1,
      name,
      kind: 'supplementary',
      regulation_id: x.regulationId,
      status: 'in_progress',
      registration_closes: '2026-11-15',
      starts_on: '2026-11-16',
      ends_on: '2026-11-20',
      fee_per_paper_paise: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const papers = new Map<number, number>();
  for (const [, p] of writes)
    if (!papers.has(p)) {
      const { id } = await t.db
        .insertInto('exam_papers')
        .values({ college_id: 1, exam_id: examId, subject_id: x.papers[p].subjectId, date: '2026-11-16', session: 'FN' })
        .returning('id')
        .executeTakeFirstOrThrow();
      papers.set(p, id);
    }
  const dummies = new Map<string, string>();
  for (const [s, p] of writes) {
    const st = x.students[s];
    const { id: regId } = await t.db
      .insertInto('exam_registrations')
      .values({
        college_id: 1,
        exam_id: examId,
        student_id: st.id,
        status: 'verified',
        fee_paise: 0,
        registered_on: '2026-11-10',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam_registration_papers')
      .values({
        college_id: 1,
        registration_id: regId,
        exam_id: examId,
        student_id: st.id,
        paper_id: papers.get(p)!,
        kind: 'backlog',
      })
      .execute();
    const dummy = unique('8');
    dummies.set(`${s}:${p}`, dummy);
    await t.db
      .insertInto('exam_scripts')
      .values({ college_id: 1, exam_id: examId, student_id: st.id, paper_id: papers.get(p)!, dummy_no: dummy, status: 'written' })
      .execute();
  }
  return { examId, name, paperId: (p: number) => papers.get(p)!, dummy: (s: number, p: number) => dummies.get(`${s}:${p}`)! };
}
