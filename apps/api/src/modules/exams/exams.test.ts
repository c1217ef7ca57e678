import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newExamResult, newExamTitle, newParent, newStudent } from '../../../test/builders.js';
import {
  allocate,
  lastWeekday,
  newFacultyUser,
  newRegulation,
  newSubject,
  ok,
  setTimetable,
} from '../../../test/modules/academic.js';
import { collect, pdfText } from '../../../test/modules/accounts.js';
import { runDueJobs } from '../../lib/jobs.js';
import { postCharge } from '../accounts/index.js';

/**
 * The exam cell's first half on a world of its own: a batch under its own regulation (short of
 * attendance below 80 %, detained below 60 %), one IV-I section of four students, two theory
 * subjects taught to it and an elective it is not allotted, a III-II subject student 4 failed.
 * Attendance over four Mondays: student 1 absent once (75 %, condonable), student 2 absent twice
 * (50 %, detained), students 3 and 4 always present. Fees: ₹500 a paper, a ₹100 late fee from
 * yesterday, other dues allowed up to ₹1,000, condonation ₹300.
 */
let t: TestApp;
const CELL = 'examcell';
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const R: string[] = [];
let regulationId: number;
let semesterId: number;
let backlogCode: string;
let examId: number;
let parent: { username: string; email: string };
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const course = await t.db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', 1)
    .where('name', '=', 'B.Tech')
    .executeTakeFirstOrThrow();
  const sem = (name: string) =>
    t.db
      .selectFrom('semesters')
      .select('id')
      .where('course_id', '=', course.id)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  semesterId = (await sem('IV-I')).id;
  const regulation = await newRegulation(t, { shortBelow: 80, detainBelow: 60 });
  regulationId = regulation.id;
  const batchName = `2031-E${tag}`;
  const { id: batchId } = await t.db
    .insertInto('batches')
    .values({ college_id: 1, course_id: course.id, name: batchName, regulation_id: regulationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const branch = await t.db
    .selectFrom('branches')
    .select('id')
    .where('course_id', '=', course.id)
    .where('short_name', '=', 'CSE')
    .executeTakeFirstOrThrow();
  for (let k = 1; k <= 5; k++)
    R[k] = (
      await newStudent(t.db, 1, { roll_no: `E${tag}0${k}`, full_name: `Exam Student ${k}`, batch: batchName, login: true })
    ).rollNo;
  const section = await ok(
    await t.as('admin', {
      method: 'POST',
      url: '/api/masters/sections',
      payload: { batchId, branchId: branch.id, semesterId, name: 'A' },
    }),
  );
  await ok(
    await t.as('admin', {
      method: 'POST',
      url: `/api/masters/sections/${section.id}/students`,
      payload: { rollNos: R.slice(1, 5) },
    }),
  );

  const s1 = await newSubject(t, regulationId, semesterId);
  await newSubject(t, regulationId, semesterId);
  await newSubject(t, regulationId, semesterId, 'elective');
  const old = await newSubject(t, regulationId, (await sem('III-II')).id);
  backlogCode = old.code;
  const fac = await newFacultyUser(t);
  await allocate(t, s1.id, section.id, [fac.facultyId]);
  await ok(await setTimetable(t, section.id, [{ day: 1, period: 1, subjectId: s1.id, facultyId: fac.facultyId }]));
  const weeks = [[R[1], R[2]], [R[2]], [], []];
  for (const [i, absent] of weeks.entries())
    await ok(
      await t.as(fac.username, {
        method: 'PUT',
        url: '/api/attendance/sessions',
        payload: {
          sectionId: section.id,
          subjectCode: s1.code,
          period: 1,
          date: lastWeekday(1, i),
          clientId: `exam-${tag}-${i}`,
          absentRollNos: absent,
        },
      }),
    );

  const title = await newExamTitle(t.db, 1, { exam_type: 'regular' });
  await newExamResult(t.db, 1, title, { rollNo: R[4] }, { code: backlogCode, credits: 3, marks: 20 });
  const r1 = await t.db.selectFrom('students').select('id').where('roll_no', '=', R[1]).executeTakeFirstOrThrow();
  parent = await newParent(t.db, 1, [r1.id]);
});
afterAll(async () => t.close());

const exam = (over: Record<string, unknown> = {}) => ({
  name: `B.Tech Regular Examinations ${tag}`,
  kind: 'regular',
  regulationId,
  semesterIds: [semesterId],
  registrationCloses: day(5),
  startsOn: day(10),
  endsOn: day(20),
  feePerPaperPaise: 50_000,
  lateFees: [{ fromDate: day(-1), feePaise: 10_000 }],
  duesLimitPaise: 100_000,
  condonationFeePaise: 30_000,
  ...over,
});
const put = (id: number, payload: object, as = CELL) => t.as(as, { method: 'PUT', url: `/api/exams/${id}`, payload });
const register = (payload: object, as = CELL) => t.as(as, { method: 'POST', url: `/api/exams/${examId}/registrations`, payload });
const gates = async () => (await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/eligibility` }))).items as any[];
const gateOf = async (roll: string) => (await gates()).find((g) => g.rollNo === roll);

describe('an exam', () => {
  it('is created by the exam cell with its semester’s papers, and refuses what makes no sense with a message', async () => {
    const short = await t.as(CELL, { method: 'POST', url: '/api/exams', payload: exam({ name: 'x' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(EXAM_MSG.name);
    const reversed = await t.as(CELL, { method: 'POST', url: '/api/exams', payload: exam({ endsOn: day(9) }) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(EXAM_MSG.startsAfterEnd);
    const noRegulation = await t.as(CELL, { method: 'POST', url: '/api/exams', payload: exam({ regulationId: 999_999 }) });
    expect(noRegulation.statusCode).toBe(400);
    expect(noRegulation.json().message).toBe(EXAM_MSG.regulation);
    // teachers list exams to pick the one whose marks they enter; students do not
    expect((await t.as('faculty', { method: 'GET', url: '/api/exams' })).statusCode).toBe(200);
    expect((await t.as(R[1], { method: 'GET', url: '/api/exams' })).statusCode).toBe(403);
    expect((await t.as('faculty', { method: 'POST', url: '/api/exams', payload: exam() })).statusCode).toBe(403);
    expect((await t.as(R[1], { method: 'POST', url: '/api/exams', payload: exam() })).statusCode).toBe(403);

    examId = (await ok(await t.as(CELL, { method: 'POST', url: '/api/exams', payload: exam() }))).id;
    const got = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}` }));
    // the semester's three subjects (two theory, one elective); the III-II subject is no paper yet
    expect(got).toMatchObject({ status: 'draft', papers: expect.any(Array), registrations: 0 });
    expect(got.papers).toHaveLength(3);
    expect(got.papers.map((p: any) => p.code)).not.toContain(backlogCode);
    expect((await t.as('principal', { method: 'GET', url: `/api/exams/${examId}` })).statusCode).toBe(200);
    expect((await t.as(CELL, { method: 'GET', url: '/api/exams/999999' })).statusCode).toBe(404);
  });

  it('moves one state at a time, and takes registrations only while registration is open', async () => {
    const early = await register({ everyone: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EXAM_MSG.notOpen);
    const jump = await put(examId, { status: 'hall_tickets' });
    expect(jump.statusCode).toBe(409);
    expect(jump.json().message).toBe(EXAM_MSG.step('draft', 'hall_tickets'));
    expect((await ok(await put(examId, { status: 'registration' }))).status).toBe('registration');
    const fees = await put(examId, { feePerPaperPaise: 1 });
    expect(fees.statusCode).toBe(409);
    expect(fees.json().message).toBe(EXAM_MSG.editAfterDraft);
  });
});

describe('registration', () => {
  it('registers one student with the backlogs chosen, refusing a course that is not theirs', async () => {
    const notMine = await register({ rollNo: R[3], backlogs: [backlogCode] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(EXAM_MSG.notBacklog(backlogCode));
    const nothing = await register({ rollNo: R[5] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(EXAM_MSG.nothingToWrite);

    const one = await ok(await register({ rollNo: R[4], backlogs: [backlogCode] }));
    expect(one).toMatchObject({ registered: 1, already: 0, skipped: [] });
    const again = await register({ rollNo: R[4] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EXAM_MSG.alreadyRegistered(R[4]));
  });

  it('registers everyone of the semester once, each with the section’s papers (not an elective it is not allotted) and the fee as a ledger charge', async () => {
    const all = await ok(await register({ everyone: true }));
    expect(all).toMatchObject({ registered: 3, already: 1, skipped: [] });
    const list = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/registrations?q=E${tag}` }));
    expect(list.total).toBe(4);
    const row = (roll: string) => list.items.find((r: any) => r.rollNo === roll);
    // two theory papers at ₹500 and the ₹100 late fee begun yesterday
    expect(row(R[3])).toMatchObject({
      regularPapers: 2,
      backlogPapers: 0,
      feePaise: 100_000,
      lateFeePaise: 10_000,
      feeDuePaise: 110_000,
      status: 'registered',
    });
    // three papers with the backlog: ₹1,500 and ₹100
    expect(row(R[4])).toMatchObject({
      regularPapers: 2,
      backlogPapers: 1,
      feePaise: 150_000,
      lateFeePaise: 10_000,
      feeDuePaise: 160_000,
    });
    // the backlog became a paper of the exam
    const got = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}` }));
    expect(got.papers.find((p: any) => p.code === backlogCode)).toMatchObject({ registered: 1 });
    // a student registers only themselves
    const other = await register({ rollNo: R[1] }, R[5]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(EXAM_MSG.notYours);
  });

  it('verifies only registrations whose fee is paid', async () => {
    const list = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/registrations?q=E${tag}` }));
    const ids = list.items.map((r: any) => r.id);
    const none = await ok(
      await t.as(CELL, {
        method: 'POST',
        url: `/api/exams/${examId}/registrations/verify`,
        payload: { ids, status: 'verified' },
      }),
    );
    expect(none.changed).toBe(0);
    expect(none.skipped).toContainEqual({ rollNo: R[1], reason: EXAM_MSG.feeUnpaid(R[1]) });
    for (const roll of [R[1], R[3]])
      expect((await collect(t, { rollNo: roll, mode: 'cash', amount: 110_000 })).statusCode).toBe(200);
    const two = await ok(
      await t.as(CELL, {
        method: 'POST',
        url: `/api/exams/${examId}/registrations/verify`,
        payload: { ids, status: 'verified' },
      }),
    );
    expect(two.changed).toBe(2);
    const verified = await ok(
      await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/registrations?status=verified&q=E${tag}` }),
    );
    expect(verified.items.map((r: any) => r.rollNo).sort()).toEqual([R[1], R[3]]);
  });
});

describe('the gates of a hall ticket', () => {
  it('lists each registration with why it is withheld: verification, the exam fee, attendance, other dues', async () => {
    const r3 = await t.db.selectFrom('students').select('id').where('roll_no', '=', R[3]).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) =>
      postCharge(trx, {
        collegeId: 1,
        studentId: r3.id,
        head: 'TUITION',
        amountPaise: 150_000,
        source: 'exam-test',
        sourceRef: `due-${tag}`,
        dueDate: today,
      }),
    );
    const body = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/eligibility?q=E${tag}` }));
    expect(body.counts).toEqual({ registered: 4, eligible: 0, withheld: 4 });
    const g = (roll: string) => body.items.find((x: any) => x.rollNo === roll);
    expect(g(R[1])).toMatchObject({
      attendancePercent: 75,
      attendanceStanding: 'condonable',
      reasons: ["Short of attendance (75%): needs the principal's condonation"],
    });
    expect(g(R[2]).reasons).toEqual([
      'Registration not yet verified by the exam cell',
      'Exam fee of ₹1,100 unpaid',
      'Detained for attendance (50%)',
    ]);
    expect(g(R[3]).reasons).toEqual(['Owes ₹1,500 in other dues (the limit is ₹1,000)']);
    expect(g(R[4]).reasons).toEqual(['Registration not yet verified by the exam cell', 'Exam fee of ₹1,600 unpaid']);
    const withheld = await ok(
      await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/eligibility?gate=eligible&q=E${tag}` }),
    );
    expect(withheld.total).toBe(0);
  });

  it('lets the principal condone only the condonable band, with a reason, and the condonation fee must be paid', async () => {
    const byCell = await t.as(CELL, {
      method: 'POST',
      url: `/api/exams/${examId}/condonations`,
      payload: { rollNo: R[1], reason: 'Hospitalised for a week' },
    });
    expect(byCell.statusCode).toBe(403);
    const detained = await t.as('principal', {
      method: 'POST',
      url: `/api/exams/${examId}/condonations`,
      payload: { rollNo: R[2], reason: 'Family emergency' },
    });
    expect(detained.statusCode).toBe(409);
    expect(detained.json().message).toBe(EXAM_MSG.condoneBand(R[2]));
    const noReason = await t.as('principal', {
      method: 'POST',
      url: `/api/exams/${examId}/condonations`,
      payload: { rollNo: R[1], reason: 'ok' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(EXAM_MSG.condoneReason);

    const done = await ok(
      await t.as('principal', {
        method: 'POST',
        url: `/api/exams/${examId}/condonations`,
        payload: { rollNo: R[1], reason: 'Hospitalised for a week' },
      }),
    );
    expect(done).toMatchObject({ feePaise: 30_000, message: `${R[1]} condoned; the condonation fee of ₹300 is due` });
    expect((await gateOf(R[1])).reasons).toEqual(['Condonation fee of ₹300 unpaid']);
    const twice = await t.as('principal', {
      method: 'POST',
      url: `/api/exams/${examId}/condonations`,
      payload: { rollNo: R[1], reason: 'Hospitalised for a week' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await collect(t, { rollNo: R[1], mode: 'cash', amount: 30_000 })).statusCode).toBe(200);
    expect(await gateOf(R[1])).toMatchObject({ eligible: true, reasons: [], condoned: true });
  });

  it('sends notices of shortage to the students short of attendance and their parents, and keeps each with its date', async () => {
    const sent = await ok(await t.as(CELL, { method: 'POST', url: `/api/exams/${examId}/shortage-notices` }));
    // student 1 (and their parent) and student 2
    expect(sent).toMatchObject({ students: 2, notices: 3 });
    const kept = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/shortage-notices` }));
    expect(kept.map((n: any) => `${n.rollNo}:${n.sentTo}:${n.percent}:${n.sentOn}`).sort()).toEqual(
      [`${R[1]}:parent:75:${today}`, `${R[1]}:student:75:${today}`, `${R[2]}:student:50:${today}`].sort(),
    );
    const mails = await t.db
      .selectFrom('outbox')
      .select('to_address')
      .where('kind', '=', 'exam-shortage')
      .where('subject', 'like', `%E${tag}%`)
      .execute();
    expect(mails.map((m) => m.to_address)).toContain(parent.email);
  });
});

describe('hall tickets', () => {
  it('are issued once registration closes, only to those who pass every gate, and only once', async () => {
    const early = await t.as(CELL, { method: 'POST', url: `/api/exams/${examId}/hall-tickets`, payload: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EXAM_MSG.ticketsNotYet);
    await ok(await put(examId, { status: 'hall_tickets' }));
    const rollNos = R.slice(1, 5);
    const issued = await ok(await t.as(CELL, { method: 'POST', url: `/api/exams/${examId}/hall-tickets`, payload: { rollNos } }));
    expect(issued).toMatchObject({ issued: 1, already: 0 });
    expect(issued.withheld.map((w: any) => w.rollNo).sort()).toEqual([R[2], R[3], R[4]].sort());
    const again = await ok(await t.as(CELL, { method: 'POST', url: `/api/exams/${examId}/hall-tickets`, payload: { rollNos } }));
    expect(again).toMatchObject({ issued: 0, already: 1 });
  });

  it('prints the ticket for the exam cell, the student and their parent, and for nobody else', async () => {
    const url = (roll: string) => `/api/exams/${examId}/hall-tickets/${roll}.pdf`;
    const pdf = await t.as(CELL, { method: 'GET', url: url(R[1]) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('HALL TICKET');
    expect(text).toContain(R[1]);
    expect(text).toContain('Exam Student 1');
    expect(text).toContain('Scan to verify this document');
    expect((await t.as(R[1], { method: 'GET', url: url(R[1]) })).statusCode).toBe(200);
    expect((await t.as(parent.username, { method: 'GET', url: url(R[1]) })).statusCode).toBe(200);
    const other = await t.as(R[3], { method: 'GET', url: url(R[1]) });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(EXAM_MSG.noTicket);
    expect((await t.as(R[3], { method: 'GET', url: url(R[3]) })).statusCode).toBe(404);
    expect((await t.as('faculty', { method: 'GET', url: url(R[1]) })).statusCode).toBe(404);
  });

  it('prints the issued tickets of a branch as one PDF made by the job queue, with its progress', async () => {
    const none = await t.as(CELL, {
      method: 'POST',
      url: `/api/exams/${examId}/hall-tickets/batches`,
      payload: { branch: 'ECE' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No hall ticket has been issued in ECE');
    const queued = await ok(
      await t.as(CELL, { method: 'POST', url: `/api/exams/${examId}/hall-tickets/batches`, payload: { branch: 'CSE' } }),
    );
    expect(queued).toMatchObject({ status: 'queued', done: 0 });
    const waiting = await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${queued.id}.pdf` });
    expect(waiting.statusCode).toBe(409);
    for (let ran = -1; ran !== 0;) ran = await runDueJobs(t.db, t.app.jobHandlers, 100);
    const ready = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${queued.id}` }));
    // the seeded CSE tickets of other exams are not in it: this exam issued one, student 1's
    expect(ready).toMatchObject({ status: 'ready', done: 1, total: 1 });
    const pdf = await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${queued.id}.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(R[1]);
    expect(text).not.toContain(R[3]);
    expect(
      (await t.as('principal', { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${queued.id}` })).statusCode,
    ).toBe(403);
  });

  it('shows the student their own exams: papers, gates and the ticket', async () => {
    const mine = await ok(await t.as(R[1], { method: 'GET', url: '/api/me/exams' }));
    const e = mine.registered.find((x: any) => x.examId === examId);
    expect(e).toMatchObject({ registration: 'verified', eligible: true, hallTicket: true, feeDuePaise: 0, feePaise: 110_000 });
    expect(e.papers).toHaveLength(2);
    expect(e.papers.every((p: any) => p.kind === 'regular')).toBe(true);
    const four = await ok(await t.as(R[4], { method: 'GET', url: '/api/me/exams' }));
    const f = four.registered.find((x: any) => x.examId === examId);
    expect(f.papers.filter((p: any) => p.kind === 'backlog').map((p: any) => p.code)).toEqual([backlogCode]);
    expect((await t.as(CELL, { method: 'GET', url: '/api/me/exams' })).statusCode).toBe(403);
  });

  it('cancels an unpaid registration, taking its fee back from the ledger, and refuses a paid one', async () => {
    const list = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/registrations?q=E${tag}` }));
    const idOf = (roll: string) => list.items.find((r: any) => r.rollNo === roll).id;
    const res = await ok(
      await t.as(CELL, {
        method: 'POST',
        url: `/api/exams/${examId}/registrations/verify`,
        payload: { ids: [idOf(R[2]), idOf(R[3])], status: 'cancelled' },
      }),
    );
    expect(res.changed).toBe(1);
    expect(res.skipped.map((s: any) => s.rollNo)).toEqual([R[3]]);
    const after = await ok(await t.as(CELL, { method: 'GET', url: `/api/exams/${examId}/registrations?q=${R[2]}` }));
    expect(after.items[0]).toMatchObject({ status: 'cancelled', feeDuePaise: 0, regularPapers: 0 });
  });
});
