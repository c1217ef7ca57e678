import type { Database } from '../../../db/index.js';
import { prng } from '../../../db/seed/data.js';
import { clock } from '../../../lib/clock.js';
import type { RequestUser } from '../../../plugins/types.js';
import { settleFromSource } from '../../accounts/index.js';
import { studentsInSemesters, subjectsOf } from '../../masters/index.js';
import * as examsRepo from '../exams.repo.js';
import { createExam, updateExam } from '../exams.service.js';
import { issueHallTickets } from '../hall-tickets.js';
import { FEE_SOURCE, feeRef, register, setStatus } from '../registrations.js';
import { numberScripts } from '../scripts.js';
import { proposeTimetable } from '../timetable.js';
import { saveExternal } from './external.js';
import { addGraceRule } from './grace.js';
import * as repo from './grading.repo.js';
import { lockInternal, saveInternal } from './internal.js';
import type { Marker } from './markers.js';
import { processResults } from './process.js';
import { publish } from './publish.js';
import { decideReval, requestReval } from './revaluation.js';
import { saveRevalSettings, saveRules } from './rules.js';
import { decode } from './steps.js';

/**
 * The exam cell's after-the-exam demo, made through the exam cell's own calls: SVEC's III-II
 * regular exam of April 2026, written by the 2022 batch (in IV-I now), marked, processed with a
 * pass grace rule and published; one revaluation that lifts a grade; and the August
 * supplementary exam in which a failed paper is passed, replacing the fail in the results lookup.
 * Marks come from the seed's PRNG, with three students' papers fixed for the story (below).
 */

const REGULAR_TITLE = 'B.Tech III Year II Semester Regular Examinations, April 2026';
const SUPPLY_TITLE = 'B.Tech III Year II Semester Supplementary Examinations, August 2026';

/** 22 + 23 = 45: 5 marks short of the pass line (50 %), so the pass grace of up to 5 marks carries it to D. */
const GRACED = { rollNo: '22A91A0512', code: '22CS601', internal: 22, external: 23 };
/** 24 + 41 = 65 (C); the second evaluation's 52 differs by more than 7, so 52 stands: 76 (B). */
const REVALUED = { rollNo: '22A91A0521', code: '22CS602', internal: 24, external: 41, second: 52 };
/** 14 + 18 = 32 (F, 7 marks short of the external minimum: beyond grace); in August 14 + 44 = 58 (D). */
const RETAKEN = { rollNo: '22A91A0527', code: '22CS603', internal: 14, external: 18, supply: 44 };
const FIXED = [GRACED, REVALUED, RETAKEN];

const RULES = {
  cieMax: 30,
  seeMax: 70,
  cieMin: 0,
  seeMin: 25,
  totalMinPercent: 40,
  supplyGradeCap: '' as const,
  supplyRevaluation: true,
  revalRule: 'second_if_diff' as const,
  revalThreshold: 7,
  distinctionCgpa: 7.75,
  firstClassCgpa: 6.5,
  secondClassCgpa: 5.5,
};

type Script = Awaited<ReturnType<typeof repo.scriptRows>>[number];
interface Marks {
  internal: number;
  external: number;
}

/** The demo's work that reads the day (registration, the revaluation window) happens on its own day. */
async function on<T>(day: string, work: () => Promise<T>): Promise<T> {
  const real = clock.now;
  clock.now = () => new Date(`${day}T06:30:00Z`);
  try {
    return await work();
  } finally {
    clock.now = real;
  }
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Each script's marks: a student's ability and each paper's luck, labs a little kinder; the story's papers fixed. */
function drawMarks(scripts: Script[]): Map<number, Marks> {
  const rand = prng(3202);
  const out = new Map<number, Marks>();
  let ability = 0;
  let student = -1;
  for (const s of scripts) {
    if (s.student_id !== student) {
      student = s.student_id;
      ability = 0.5 + 0.45 * rand();
    }
    const lab = /L\d+$/.test(s.code) ? 0.1 : 0;
    let internal = Math.round(30 * clamp(ability + 0.1 + lab + (rand() - 0.5) * 0.2, 0.35, 1));
    let external = Math.round(70 * clamp(ability - 0.04 + lab + (rand() - 0.5) * 0.36, 0.15, 1));
    const fixed = FIXED.find((f) => f.rollNo === s.roll_no);
    if (fixed?.code === s.code) ({ internal, external } = fixed);
    else if (fixed) [internal, external] = [Math.max(internal, 20), Math.max(external, 40)];
    out.set(s.script_id, { internal, external });
  }
  return out;
}

/** Internal marks for each paper and section, locked; external marks twice, blind, by two evaluators. */
async function markExam(
  db: Database,
  collegeId: number,
  examId: number,
  cell: Marker,
  evaluators: [Marker, Marker],
  marksOf: (scripts: Script[]) => Map<number, Marks>,
) {
  const scripts = await repo.scriptRows(db, collegeId, examId);
  const marks = marksOf(scripts);
  const groups = new Map<string, Script[]>();
  for (const s of scripts) {
    const key = `${s.paper_id}:${Number(s.section_id)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const rows of groups.values()) {
    const paperId = rows[0].paper_id;
    const sectionId = Number(rows[0].section_id);
    await saveInternal(db, collegeId, cell, examId, {
      paperId,
      sectionId,
      marks: rows.map((s) => ({ rollNo: s.roll_no, marks: marks.get(s.script_id)!.internal })),
    });
    await lockInternal(db, collegeId, cell, examId, paperId, sectionId);
  }
  // each evaluator marks paper by paper, from the dummy numbers alone
  const byPaper = new Map<number, Script[]>();
  for (const s of scripts) byPaper.set(s.paper_id, [...(byPaper.get(s.paper_id) ?? []), s]);
  for (const evaluator of evaluators)
    for (const rows of byPaper.values())
      await saveExternal(db, collegeId, evaluator, examId, {
        entries: rows.map((s) => ({ dummyNo: s.dummy_no, marks: marks.get(s.script_id)!.external })),
      });
}

export async function seedGradingDemo(db: Database, baseUrl: string) {
  const college = await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirst();
  if (!college) return;
  const collegeId = college.id;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('college_id', '=', collegeId)
    .where('username', 'in', ['examcell', 'faculty', 'hod'])
    .execute();
  const userOf = (name: string) => users.find((u) => u.username === name);
  const regulation = await db
    .selectFrom('regulations')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('code', '=', 'R22')
    .executeTakeFirst();
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('name', '=', 'B.Tech')
    .executeTakeFirst();
  const [cellUser, faculty, hod] = ['examcell', 'faculty', 'hod'].map(userOf);
  if (!cellUser || !faculty || !hod || !regulation || !course) return;
  const semesterId = async (name: string) =>
    (
      await db
        .selectFrom('semesters')
        .select('id')
        .where('course_id', '=', course.id)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const [thirdYearSecond, fourthYearFirst] = [await semesterId('III-II'), await semesterId('IV-I')];
  const user: RequestUser = { ...cellUser, roles: ['ROLE_EXAMINATION'], collegeId, mustChangePassword: false };
  const marker = (u: { id: number; username: string }, cell: boolean): Marker => ({
    ...u,
    cell,
    teaches: new Set(),
    heads: new Set(),
  });
  const cell = marker(cellUser, true);
  const evaluators: [Marker, Marker] = [marker(faculty, false), marker(hod, false)];

  await saveRules(db, collegeId, user, regulation.id, RULES);
  await addGraceRule(db, collegeId, user, {
    name: 'Grace to pass: up to 5 marks in one subject',
    purpose: 'pass',
    maxMarks: 5,
    maxSubjects: 1,
    active: true,
  });

  // ---- the regular exam of April 2026 ----
  const { id: examId } = await createExam(db, collegeId, user, {
    name: REGULAR_TITLE,
    kind: 'regular',
    regulationId: regulation.id,
    semesterIds: [thirdYearSecond],
    registrationCloses: '2026-03-20',
    startsOn: '2026-04-06',
    endsOn: '2026-04-13',
    feePerPaperPaise: 0,
    feeCapPaise: 0,
    lateFees: [],
    duesLimitPaise: 20_000_000,
    condonationFeePaise: 0,
  });
  await updateExam(db, collegeId, examId, { status: 'registration' });
  // The registration service registers the students in a semester now; these were in III-II then
  // (the 2022 batch, in IV-I now), so their registrations are written as the service writes them.
  const writers = await studentsInSemesters(db, collegeId, regulation.id, [fourthYearFirst]);
  const subjects = (await subjectsOf(db, collegeId, regulation.id)).filter((s) => s.semesterId === thirdYearSecond);
  const paperOf = new Map((await examsRepo.papersOf(db, collegeId, examId)).map((p) => [p.subject_id, p.id]));
  await db.transaction().execute(async (trx) => {
    for (const w of writers) {
      const id = await examsRepo.insertRegistration(trx, {
        college_id: collegeId,
        exam_id: examId,
        student_id: w.id,
        status: 'registered',
        fee_paise: 0,
        late_fee_paise: 0,
        registered_on: '2026-03-10',
        registered_by_name: user.username,
        created_at: '2026-03-10T05:30:00.000Z',
      });
      await examsRepo.insertRegistrationPapers(
        trx,
        subjects
          .filter((s) => s.branchId === w.branch_id)
          .map((s) => ({
            college_id: collegeId,
            registration_id: id,
            exam_id: examId,
            student_id: w.id,
            paper_id: paperOf.get(s.id)!,
            kind: 'regular',
          })),
      );
    }
  });
  const regs = await examsRepo.registrationsOfExam(db, collegeId, examId);
  await setStatus(
    db,
    collegeId,
    user,
    examId,
    regs.map((r) => r.id),
    'verified',
  );
  await proposeTimetable(db, user, examId, { sessions: ['FN'], skipDates: [] });
  await updateExam(db, collegeId, examId, { status: 'hall_tickets' });
  await numberScripts(db, collegeId, user, examId);
  await updateExam(db, collegeId, examId, { status: 'in_progress' });
  await markExam(db, collegeId, examId, cell, evaluators, drawMarks);
  await decode(db, collegeId, user, examId);
  await processResults(db, collegeId, user, examId);
  await publishBack(db, collegeId, user, examId);

  // ---- a revaluation that lifts a grade: asked at the exam cell, paid at the counter, decided ----
  await saveRevalSettings(db, collegeId, examId, {
    revalCloses: '2026-06-20',
    recountFeePaise: 50_000,
    photocopyFeePaise: 100_000,
    revalFeePaise: 100_000,
    reducedCategories: [],
    reducedPercent: 0,
  });
  const revalued = (await repo.scriptRows(db, collegeId, examId)).find(
    (s) => s.roll_no === REVALUED.rollNo && s.code === REVALUED.code,
  )!;
  const asked = await on('2026-06-12', () =>
    requestReval(db, collegeId, user, {
      examId,
      paperId: revalued.paper_id,
      kind: 'revaluation',
      rollNo: REVALUED.rollNo,
    }),
  );
  // the revaluation's charge carries the reference reval:<request id> (revaluation.ts)
  await payAtCounter(db, collegeId, user, revalued.student_id, asked.feePaise, `reval:${asked.id}`, '2026-06-12');
  // a third evaluator (neither of the script's two) revalues it; the exam cell records the marks
  await decideReval(db, collegeId, user, asked.id, REVALUED.second);

  // ---- the supplementary exam of August 2026: the failed paper written again ----
  const { id: supplyId } = await createExam(db, collegeId, user, {
    name: SUPPLY_TITLE,
    kind: 'supplementary',
    regulationId: regulation.id,
    semesterIds: [thirdYearSecond],
    registrationCloses: '2026-08-07',
    startsOn: '2026-08-17',
    endsOn: '2026-08-22',
    feePerPaperPaise: 30_000,
    feeCapPaise: 120_000,
    lateFees: [],
    duesLimitPaise: 20_000_000,
    condonationFeePaise: 0,
  });
  await updateExam(db, collegeId, supplyId, { status: 'registration' });
  await on('2026-08-03', () =>
    register(db, collegeId, user, supplyId, { rollNo: RETAKEN.rollNo, backlogs: [RETAKEN.code] }, null),
  );
  const [reg] = await examsRepo.registrationsOfExam(db, collegeId, supplyId);
  await payAtCounter(db, collegeId, user, reg.student_id, 30_000, feeRef(reg.id), '2026-08-03');
  await setStatus(db, collegeId, user, supplyId, [reg.id], 'verified');
  await proposeTimetable(db, user, supplyId, { sessions: ['FN'], skipDates: [] });
  await updateExam(db, collegeId, supplyId, { status: 'hall_tickets' });
  await issueHallTickets(db, collegeId, user, supplyId, {}, baseUrl);
  await numberScripts(db, collegeId, user, supplyId);
  await updateExam(db, collegeId, supplyId, { status: 'in_progress' });
  // the internal marks stand from the first attempt
  await markExam(
    db,
    collegeId,
    supplyId,
    cell,
    evaluators,
    (scripts) => new Map(scripts.map((s) => [s.script_id, { internal: RETAKEN.internal, external: RETAKEN.supply }])),
  );
  await decode(db, collegeId, user, supplyId);
  await processResults(db, collegeId, user, supplyId);
  await publishBack(db, collegeId, user, supplyId);
}

/**
 * Publication, back then: the students were told of these results in May and September, so the
 * notice a publication queues is not left to go out to them again on the demo's first start.
 */
async function publishBack(db: Database, collegeId: number, user: RequestUser, examId: number) {
  await publish(db, collegeId, user, examId);
  const exam = await examsRepo.examById(db, collegeId, examId);
  await db
    .deleteFrom('jobs')
    .where('college_id', '=', collegeId)
    .where('kind', '=', 'notify')
    .where('status', '=', 'pending')
    .where('payload_json', 'like', `%"ref":"results:${exam!.exam_title_id}"%`)
    .execute();
}

/** A fee paid in cash at the exam cell's desk: the ledger's desk receipt (series M) against the one charge it is for. */
function payAtCounter(
  db: Database,
  collegeId: number,
  user: RequestUser,
  studentId: number,
  amountPaise: number,
  sourceRef: string,
  date: string,
) {
  return db.transaction().execute((trx) =>
    settleFromSource(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      studentId,
      source: FEE_SOURCE,
      paymentRef: `demo-${sourceRef}`,
      amountPaise,
      mode: 'cash',
      reference: '',
      date,
      sourceRef,
    }),
  );
}
