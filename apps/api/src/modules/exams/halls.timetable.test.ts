import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_HALL_MSG, EXAM_MSG } from '@erp/shared';
import { collegeId, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newExam, newPaper, newWriters, registerAll } from '../../../test/modules/exam-halls.js';
import { colourPapers, examSlots, sharedStudents } from './timetable.js';
import { clashGroups, namedClashes } from './clashes.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
});
afterAll(async () => t.close());

const CELL = 'examcell';
const get = (url: string, as = CELL) => t.as(as, { method: 'GET', url });
const send = (method: 'POST' | 'PUT', url: string, payload: object, as = CELL) => t.as(as, { method, url, payload });

/**
 * Six papers and five students, worked by hand:
 *   s1: A B C D G    s2: A B C D    s3: A B C F    s4: A B C F    s5: G    (s6: A B, cancelled)
 * A, B, C are one semester's papers (everyone), D and F its two electives, G a backlog paper.
 * Shared students: A-B, A-C, B-C 4 each; D with A, B, C 2 each; F with A, B, C 2 each; G with A, B,
 * C, D 1 each; D-F and F-G none. A, B, C, D, G are a clique of five: five sessions at least.
 */
async function sixPapers(over: { starts_on?: string; ends_on?: string; status?: string } = {}) {
  const exam = await newExam(t.db, svec, over);
  const p: Record<string, { id: number; code: string }> = {};
  for (const k of ['A', 'B', 'C', 'D', 'F', 'G'])
    p[k] = await newPaper(t.db, svec, exam, { kind: k === 'D' || k === 'F' ? 'elective' : 'theory' });
  const s = await newWriters(t.db, svec, 6);
  const ids = (...ks: string[]) => ks.map((k) => p[k]!.id);
  await registerAll(t.db, svec, exam.id, [
    { studentId: s[0]!.id, paperIds: ids('A', 'B', 'C', 'D', 'G') },
    { studentId: s[1]!.id, paperIds: ids('A', 'B', 'C', 'D') },
    { studentId: s[2]!.id, paperIds: ids('A', 'B', 'C', 'F') },
    { studentId: s[3]!.id, paperIds: ids('A', 'B', 'C', 'F') },
    { studentId: s[4]!.id, paperIds: ids('G') },
    { studentId: s[5]!.id, paperIds: ids('A', 'B'), status: 'cancelled' },
  ]);
  return { exam, p, s };
}

const slotsOf = (
  body: { timetable?: { papers: Array<{ id: number; date: string | null; session: string | null }> } } & {
    papers?: Array<{ id: number; date: string | null; session: string | null }>;
  },
) => new Map((body.timetable ?? body).papers!.map((x) => [x.id, `${x.date} ${x.session}`]));

describe('the exam timetable', () => {
  it('lists the papers with their subject and live registrations, unscheduled last', async () => {
    const { exam, p } = await sixPapers();
    await t.db.updateTable('exam_papers').set({ date: '2026-11-17', session: 'AN' }).where('id', '=', p.G!.id).execute();
    const body = (await get(`/api/exams/${exam.id}/timetable`)).json();
    expect(body.locked).toBe(false);
    expect(body.papers[0]).toMatchObject({ id: p.G!.id, code: p.G!.code, date: '2026-11-17', session: 'AN', registered: 2 });
    // A: s1..s4 (s6's registration is cancelled)
    expect(body.papers.find((x: { id: number }) => x.id === p.A!.id).registered).toBe(4);
    expect(body.papers.length).toBe(6);
  });

  it('proposes a timetable with no student in two papers at once, one paper a day when the days allow', async () => {
    const { exam, p } = await sixPapers();
    const res = await send('POST', `/api/exams/${exam.id}/timetable/propose`, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // A, B, C on the first three days; D on the fourth; F beside D (no shared student); G on the fifth.
    const got = slotsOf(body);
    expect(got.get(p.A!.id)).toBe('2026-11-16 FN');
    expect(got.get(p.B!.id)).toBe('2026-11-17 FN');
    expect(got.get(p.C!.id)).toBe('2026-11-18 FN');
    expect(got.get(p.D!.id)).toBe('2026-11-19 FN');
    expect(got.get(p.F!.id)).toBe('2026-11-19 FN');
    expect(got.get(p.G!.id)).toBe('2026-11-20 FN');
    expect(body.sessionsUsed).toBe(5);
    expect(body.sameDayStudents).toBe(0);
    expect(body.message).toContain('no student writes two papers in one session; no student writes two papers on one day');
    const clashes = (await get(`/api/exams/${exam.id}/clashes`)).json();
    expect(clashes.sessionStudents).toBe(0);
    expect(clashes.dayStudents).toBe(0);
  });

  it('uses both sessions of a day only when the days are too few, and says how many students then write twice a day', async () => {
    // three days: six sessions for a clique of five
    const { exam, p } = await sixPapers({ ends_on: '2026-11-18' });
    const body = (await send('POST', `/api/exams/${exam.id}/timetable/propose`, {})).json();
    const got = slotsOf(body);
    expect(got.get(p.A!.id)).toBe('2026-11-16 FN');
    expect(got.get(p.B!.id)).toBe('2026-11-17 FN');
    expect(got.get(p.C!.id)).toBe('2026-11-18 FN');
    // D shares 2 with each of A, B, C: every afternoon costs 2, the first is taken
    expect(got.get(p.D!.id)).toBe('2026-11-16 AN');
    // G: the 16th costs 2 (A and D), the 17th and 18th 1 each: 17 AN
    expect(got.get(p.G!.id)).toBe('2026-11-17 AN');
    expect(got.get(p.F!.id)).toBe('2026-11-16 AN');
    expect(body.sessionsUsed).toBe(5);
    // s1 (A+D on the 16th, B+G on the 17th), s2 (A+D), s3 and s4 (A+F); s5 writes only G
    expect(body.sameDayStudents).toBe(4);
    const clashes = (await get(`/api/exams/${exam.id}/clashes`)).json();
    expect(clashes.sessionStudents).toBe(0);
    expect(clashes.dayStudents).toBe(4);
  });

  it('refuses a proposal the days cannot hold, saying how many sessions it needs', async () => {
    // two days, four sessions, for a clique of five papers
    const { exam } = await sixPapers({ ends_on: '2026-11-17' });
    const res = await send('POST', `/api/exams/${exam.id}/timetable/propose`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EXAM_HALL_MSG.tooFewSessions(5, 4));
    // forenoons only, the 18th a holiday: 16, 17, 19, 20, 21, 23 (Sunday 22 out): six forenoons, enough
    const { exam: e2, p } = await sixPapers({ ends_on: '2026-11-23' });
    const ok = await send('POST', `/api/exams/${e2.id}/timetable/propose`, { sessions: ['FN'], skipDates: ['2026-11-18'] });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = slotsOf(ok.json());
    expect(got.get(p.C!.id)).toBe('2026-11-19 FN');
    expect(got.get(p.G!.id)).toBe('2026-11-21 FN');
  });

  it('sets dates by hand, refusing a Sunday, a day outside the exam, a paper of another exam and half a slot', async () => {
    const { exam, p } = await sixPapers();
    const other = await sixPapers();
    const url = `/api/exams/${exam.id}/timetable`;
    const sunday = await send('PUT', url, { papers: [{ paperId: p.A!.id, date: '2026-11-22', session: 'FN' }] });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().message).toBe(EXAM_HALL_MSG.sunday('2026-11-22'));
    const outside = await send('PUT', url, { papers: [{ paperId: p.A!.id, date: '2026-11-30', session: 'FN' }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(EXAM_HALL_MSG.outsideExam('2026-11-30', '2026-11-16', '2026-11-28'));
    const foreign = await send('PUT', url, { papers: [{ paperId: other.p.A!.id, date: '2026-11-16', session: 'FN' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(EXAM_HALL_MSG.notAPaper(other.p.A!.id));
    const half = await send('PUT', url, { papers: [{ paperId: p.A!.id, date: '2026-11-16', session: null }] });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe(EXAM_HALL_MSG.dateAndSession);
    const badSession = await send('PUT', url, { papers: [{ paperId: p.A!.id, date: '2026-11-16', session: 'EV' }] });
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json().message).toBe(EXAM_HALL_MSG.session);
    const notADate = await send('PUT', url, { papers: [{ paperId: p.A!.id, date: '2026-02-30', session: 'FN' }] });
    expect(notADate.statusCode).toBe(400);

    const saved = await send('PUT', url, {
      papers: [
        { paperId: p.A!.id, date: '2026-11-16', session: 'FN' },
        { paperId: p.B!.id, date: '2026-11-28', session: 'AN' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const got = slotsOf(saved.json());
    expect(got.get(p.A!.id)).toBe('2026-11-16 FN');
    expect(got.get(p.B!.id)).toBe('2026-11-28 AN');
    expect(got.get(p.C!.id)).toBe('null null');
    // cleared again
    const cleared = await send('PUT', url, { papers: [{ paperId: p.B!.id, date: null, session: null }] });
    expect(slotsOf(cleared.json()).get(p.B!.id)).toBe('null null');
  });

  it('is fixed once the exam is in progress', async () => {
    const { exam, p } = await sixPapers({ status: 'in_progress' });
    const put = await send('PUT', `/api/exams/${exam.id}/timetable`, {
      papers: [{ paperId: p.A!.id, date: '2026-11-16', session: 'FN' }],
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(EXAM_HALL_MSG.locked);
    const propose = await send('POST', `/api/exams/${exam.id}/timetable/propose`, {});
    expect(propose.statusCode).toBe(409);
    expect((await get(`/api/exams/${exam.id}/timetable`)).json().locked).toBe(true);
  });
});

describe('clashes', () => {
  it('lists every session where a student has two papers and every day with a paper in both sessions, with the students', async () => {
    const { exam, p, s } = await sixPapers();
    const res = await send('PUT', `/api/exams/${exam.id}/timetable`, {
      papers: [
        { paperId: p.A!.id, date: '2026-11-16', session: 'FN' },
        { paperId: p.B!.id, date: '2026-11-16', session: 'FN' },
        { paperId: p.C!.id, date: '2026-11-16', session: 'AN' },
        { paperId: p.D!.id, date: '2026-11-17', session: 'FN' },
        { paperId: p.F!.id, date: '2026-11-17', session: 'FN' },
        { paperId: p.G!.id, date: '2026-11-17', session: 'AN' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = (await get(`/api/exams/${exam.id}/clashes`)).json();
    const AB = [p.A!.code, p.B!.code].sort();
    // s1..s4 write A and B on the 16th forenoon; s6 too, but is cancelled
    expect(c.sessionClashes).toEqual([
      {
        date: '2026-11-16',
        session: 'FN',
        total: 4,
        students: s.slice(0, 4).map((x) => ({ rollNo: x.rollNo, name: x.name, papers: AB })),
      },
    ]);
    expect(c.dayClashes).toEqual([
      {
        date: '2026-11-16',
        session: null,
        total: 4,
        students: s
          .slice(0, 4)
          .map((x) => ({ rollNo: x.rollNo, name: x.name, papers: [p.A!.code, p.B!.code, p.C!.code].sort() })),
      },
      // D (FN) and G (AN) on the 17th: s1 only (s5 writes only G, s2 only D)
      {
        date: '2026-11-17',
        session: null,
        total: 1,
        students: [{ rollNo: s[0]!.rollNo, name: s[0]!.name, papers: [p.D!.code, p.G!.code].sort() }],
      },
    ]);
    expect(c.sessionStudents).toBe(4);
    expect(c.dayStudents).toBe(4);
    expect(c.unscheduledPapers).toBe(0);
  });

  // how fast: apps/api/bench/exams.bench.mjs (benchmarks measure; tests never assert on time)
  it('finds the 100 students with a clash among 6,000 writing 36,000 papers, and proposes a timetable with none', async () => {
    // 6,000 students in 60 groups of 100; each group writes 6 papers of its own: 36,000 papers written
    const exam = await newExam(t.db, svec);
    const students = await newWriters(t.db, svec, 6000);
    const papers: number[][] = [];
    for (let g = 0; g < 60; g++) {
      const mine: number[] = [];
      for (let k = 0; k < 6; k++) {
        // group g's k-th paper on day k; group 0's 6th paper lands on its 5th's session: a clash for 100
        const day = `2026-11-${String(16 + (g === 0 && k === 5 ? 4 : k)).padStart(2, '0')}`;
        mine.push((await newPaper(t.db, svec, exam, { date: day, session: 'FN' })).id);
      }
      papers.push(mine);
    }
    await registerAll(
      t.db,
      svec,
      exam.id,
      students.map((st, i) => ({ studentId: st.id, paperIds: papers[Math.floor(i / 100)]! })),
    );
    const res = await get(`/api/exams/${exam.id}/clashes`);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.sessionStudents).toBe(100);
    expect(c.sessionClashes[0]).toMatchObject({ date: '2026-11-20', session: 'FN', total: 100 });
    expect(c.dayStudents).toBe(0);
    // the proposal over the same registrations: 60 groups of six papers, no group shares a student
    const proposed = await t.as(CELL, { method: 'POST', url: `/api/exams/${exam.id}/timetable/propose`, payload: {} });
    expect(proposed.statusCode, proposed.body.slice(0, 200)).toBe(200);
    // each group's six papers on six days' forenoons, the groups side by side
    expect(proposed.json().sessionsUsed).toBe(6);
    expect(proposed.json().sameDayStudents).toBe(0);
  }, 120_000);
});

describe('the rules in memory', () => {
  it('counts the students each pair of papers shares', () => {
    const edges = sharedStudents([[1, 2, 3], [1, 2], [3]]);
    expect(edges.get(1)!.get(2)).toBe(2);
    expect(edges.get(2)!.get(3)).toBe(1);
    expect(edges.get(3)!.has(3)).toBe(false);
  });
  it('lists the exam days without Sundays and skipped days', () => {
    expect(examSlots('2026-11-20', '2026-11-23', ['AN', 'FN'], ['2026-11-21']).map((s) => `${s.date} ${s.session}`)).toEqual([
      '2026-11-20 FN',
      '2026-11-20 AN',
      '2026-11-23 FN',
      '2026-11-23 AN',
    ]);
  });
  it('never gives two papers sharing a student one slot', () => {
    // a triangle 1-2-3 and 4 alone, two slots: no colouring
    const edges = sharedStudents([[1, 2, 3]]);
    expect(colourPapers([1, 2, 3, 4], edges, examSlots('2026-11-16', '2026-11-16', ['FN', 'AN']))).toBeNull();
    const three = colourPapers([1, 2, 3, 4], edges, examSlots('2026-11-16', '2026-11-17', ['FN', 'AN']))!;
    expect(new Set([three.get(1), three.get(2), three.get(3)]).size).toBe(3);
    expect(three.get(4)).toBe(0);
  });
  it('finds a clash only among scheduled papers', () => {
    const papers = new Map([
      [1, { code: 'C1', date: '2026-11-16', session: 'FN' }],
      [2, { code: 'C2', date: null, session: null }],
      [3, { code: 'C3', date: '2026-11-16', session: 'FN' }],
      [4, { code: 'C4', date: '2026-11-16', session: 'AN' }],
    ]);
    const w = (student: number, paper: number) => ({ student_id: student, paper_id: paper });
    const found = clashGroups([w(1, 1), w(1, 2), w(1, 3), w(2, 2), w(2, 4), w(3, 1), w(3, 4)], papers);
    const c = namedClashes(
      found,
      new Map([
        [1, { rollNo: 'R1', name: 'S1' }],
        [3, { rollNo: 'R3', name: 'S3' }],
      ]),
    );
    expect(c.sessionStudents).toBe(1);
    expect(c.sessionClashes[0]!.students).toEqual([{ rollNo: 'R1', name: 'S1', papers: ['C1', 'C3'] }]);
    // student 3: C1 forenoon, C4 afternoon; student 2's C2 has no date yet
    expect(c.dayStudents).toBe(1);
    expect(c.dayClashes[0]!.students).toEqual([{ rollNo: 'R3', name: 'S3', papers: ['C1', 'C4'] }]);
    expect(c.unscheduledPapers).toBe(1);
  });
});

describe('who may', () => {
  it('refuses faculty and students, and answers 404 for an exam of another college', async () => {
    const { exam } = await sixPapers();
    const student = await newStudent(t.db, svec, { login: true });
    for (const who of ['faculty', student.username!]) {
      for (const url of [`/api/exams/${exam.id}/timetable`, `/api/exams/${exam.id}/clashes`]) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await send('POST', `/api/exams/${exam.id}/timetable/propose`, {}, who)).statusCode).toBe(403);
    }
    const srk = await collegeId(t.db, 'SRK');
    const theirs = await newExam(t.db, srk);
    const res = await get(`/api/exams/${theirs.id}/timetable`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(EXAM_MSG.notFound);
    expect((await get(`/api/exams/${theirs.id}/clashes`)).statusCode).toBe(404);
  });
});
