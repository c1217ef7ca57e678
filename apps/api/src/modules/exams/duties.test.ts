import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newUser } from '../../../test/builders.js';
import { pdfText } from '../../../test/modules/accounts.js';
import { newExam, newExamRoom, newPaper, newWriters, registerAll } from '../../../test/modules/exam-halls.js';

/**
 * Invigilation and answer scripts in a college of their own. One exam day, 2026-11-16: paper P1
 * in the forenoon (students 1–30 in room A, 31–40 in room B), P2 in the afternoon (students 1–10
 * in room A). Five faculty: F1 teaches P1, F5 is on leave that day. Every roster below is worked
 * out by hand from the rule: one invigilator per 30 students a room (at least one), fewest duties
 * first, ties by id.
 */
let t: TestApp;
let c: { id: number; host: string };
let cell: string;
const F: Array<{ id: number; username: string; name: string }> = [];
let exam: { id: number; regulationId: number };
let roomA: { id: number; name: string };
let roomB: { id: number; name: string };
let writers: Array<{ id: number; rollNo: string }>;
const DAY = '2026-11-16';

const as = (user: string, opts: Parameters<TestApp['as']>[1]) => t.as(user, opts, c.host);
const body = async (res: { statusCode: number; body: string; json: () => any }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  cell = (await newUser(t.db, c.id, { roles: ['ROLE_EXAMINATION'] })).username;
  for (let k = 1; k <= 5; k++) {
    const u = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: `Faculty ${k}`, faculty: true });
    F[k] = { id: u.facultyId!, username: u.username, name: `Faculty ${k}` };
  }
  exam = await newExam(t.db, c.id, { status: 'hall_tickets' });
  const p1 = await newPaper(t.db, c.id, exam, { date: DAY, session: 'FN' });
  const p2 = await newPaper(t.db, c.id, exam, { date: DAY, session: 'AN' });
  writers = await newWriters(t.db, c.id, 40);
  await registerAll(
    t.db,
    c.id,
    exam.id,
    writers.map((w, i) => ({ studentId: w.id, paperIds: i < 10 ? [p1.id, p2.id] : [p1.id] })),
  );
  roomA = await newExamRoom(t.db, c.id, 5, 6, { name: 'A101' });
  roomB = await newExamRoom(t.db, c.id, 5, 6, { name: 'B201' });
  const seat = (w: { id: number }, room: { id: number; name: string }, k: number, session: string, paperId: number) => ({
    college_id: c.id,
    exam_id: exam.id,
    date: DAY,
    session,
    room_id: room.id,
    row_no: Math.floor(k / 6) + 1,
    col_no: (k % 6) + 1,
    seat_no: `${room.name}-${k + 1}`,
    student_id: w.id,
    paper_id: paperId,
  });
  await t.db
    .insertInto('exam_seats')
    .values([
      ...writers.slice(0, 30).map((w, k) => seat(w, roomA, k, 'FN', p1.id)),
      ...writers.slice(30).map((w, k) => seat(w, roomB, k, 'FN', p1.id)),
      ...writers.slice(0, 10).map((w, k) => seat(w, roomA, k, 'AN', p2.id)),
    ])
    .execute();

  // F1 teaches P1 (an allotment needs a section: a course, batch and branch of this college)
  const { id: courseId } = await t.db
    .insertInto('courses')
    .values({ college_id: c.id, name: 'B.Tech', level: 'UG', duration_years: 4 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: batchId } = await t.db
    .insertInto('batches')
    .values({ college_id: c.id, course_id: courseId, name: '2022-2026', regulation_id: exam.regulationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: branchId } = await t.db
    .insertInto('branches')
    .values({ college_id: c.id, course_id: courseId, department_id: null, short_name: 'CSE', name: 'Computer Science' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sectionId } = await t.db
    .insertInto('sections')
    .values({ college_id: c.id, batch_id: batchId, branch_id: branchId, semester_id: null, name: 'A' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subjectOf = async (paperId: number) =>
    (await t.db.selectFrom('exam_papers').select('subject_id').where('id', '=', paperId).executeTakeFirstOrThrow()).subject_id;
  await t.db
    .insertInto('subject_allocations')
    .values({
      college_id: c.id,
      subject_id: await subjectOf(p1.id),
      section_id: sectionId,
      academic_year: '2026-2027',
      faculty_id: F[1].id,
      created_at: new Date().toISOString(),
    })
    .execute();
  // F5 on approved leave that day
  const { id: typeId } = await t.db
    .insertInto('leave_types')
    .values({
      college_id: c.id,
      code: 'CL',
      name: 'Casual leave',
      yearly_quota: 12,
      carry_forward: 0,
      max_carry: 0,
      half_day_allowed: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('leave_applications')
    .values({
      college_id: c.id,
      faculty_id: F[5].id,
      leave_type_id: typeId,
      academic_year: '2026-2027',
      from_date: DAY,
      to_date: DAY,
      half_day: 0,
      days: 1,
      reason: 'Family function',
      status: 'approved',
      approver: 'hod',
      decided_by: null,
      decision_note: '',
      decided_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => t.close());

const dutyKey = (d: { date: string; session: string; room: string; faculty: string }) => `${d.session} ${d.room}: ${d.faculty}`;

describe('the invigilation roster', () => {
  it('refuses a roster that needs more free faculty than there are, saying how many more', async () => {
    // one per 10: the forenoon needs 3 in A101 and 1 in B201, and only F2, F3, F4 are free
    const res = await as(cell, {
      method: 'POST',
      url: `/api/exams/${exam.id}/invigilation`,
      payload: { studentsPerInvigilator: 10 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DUTY_MSG.tooFew(DAY, 'FN', 1));
    expect((await body(await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/invigilation` }))).duties).toEqual([]);
  });

  it('gives each seated room its invigilators, never the paper’s teacher or someone on leave, fewest duties first', async () => {
    const made = await body(
      await as(cell, { method: 'POST', url: `/api/exams/${exam.id}/invigilation`, payload: { studentsPerInvigilator: 30 } }),
    );
    expect(made).toMatchObject({ duties: 3, faculty: 3 });
    const roster = await body(await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/invigilation` }));
    expect(roster.duties.map(dutyKey)).toEqual(['FN A101: Faculty 2', 'FN B201: Faculty 3', 'AN A101: Faculty 1']);
    expect(roster.load.map((l: any) => l.duties)).toEqual([1, 1, 1]);
    expect((await as(F[1].username, { method: 'GET', url: `/api/exams/${exam.id}/invigilation` })).statusCode).toBe(403);
  });

  it('swaps a duty only to someone free, asked by its holder, approved by the exam cell', async () => {
    const roster = await body(await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/invigilation` }));
    const duty = roster.duties.find((d: any) => d.faculty === 'Faculty 2');
    const url = `/api/exams/${exam.id}/invigilation/${duty.id}/swap`;
    // the choices the holder is offered: not on duty then (F2, F3), not P1's teacher (F1), not on leave (F5)
    const free = await body(await as(F[2].username, { method: 'GET', url: `/api/exams/${exam.id}/invigilation/${duty.id}/free` }));
    expect(free.map((f: any) => f.name)).toEqual(['Faculty 4']);
    expect((await as(F[3].username, { method: 'GET', url: `/api/exams/${exam.id}/invigilation/${duty.id}/free` })).statusCode).toBe(403);
    const teacher = await as(F[2].username, {
      method: 'POST',
      url,
      payload: { toFacultyId: F[1].id, reason: 'Clinic appointment' },
    });
    expect(teacher.statusCode).toBe(409);
    expect(teacher.json().message).toBe(DUTY_MSG.swapBusy('Faculty 1'));
    const onDuty = await as(F[2].username, {
      method: 'POST',
      url,
      payload: { toFacultyId: F[3].id, reason: 'Clinic appointment' },
    });
    expect(onDuty.json().message).toBe(DUTY_MSG.swapBusy('Faculty 3'));
    const notMine = await as(F[3].username, {
      method: 'POST',
      url,
      payload: { toFacultyId: F[4].id, reason: 'Clinic appointment' },
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(DUTY_MSG.notYourDuty);

    const asked = await body(
      await as(F[2].username, { method: 'POST', url, payload: { toFacultyId: F[4].id, reason: 'Clinic appointment' } }),
    );
    expect(asked.duties.find((d: any) => d.id === duty.id)).toMatchObject({
      status: 'swap_requested',
      swapTo: 'Faculty 4',
      faculty: 'Faculty 2',
    });
    expect((await as(F[2].username, { method: 'POST', url: `${url}/decision`, payload: { approve: true } })).statusCode).toBe(
      403,
    );
    const approved = await body(await as(cell, { method: 'POST', url: `${url}/decision`, payload: { approve: true } }));
    expect(approved.duties.map(dutyKey)).toContain('FN A101: Faculty 4');
    const again = await as(cell, { method: 'POST', url: `${url}/decision`, payload: { approve: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DUTY_MSG.noSwap);
  });

  it('prints a duty letter with its QR, and shows a faculty member their own duties', async () => {
    const pdf = await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/invigilation/letters/${F[4].id}.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Faculty 4');
    expect(text).toContain('A101');
    expect(text).toContain('16-11-2026');
    expect(text).toContain('Scan to verify this document');
    expect((await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/invigilation/letters/${F[5].id}.pdf` })).statusCode).toBe(
      404,
    );
    const mine = await body(await as(F[4].username, { method: 'GET', url: '/api/me/invigilation' }));
    expect(mine.map((d: any) => `${d.date} ${d.session} ${d.room}`)).toEqual([`${DAY} FN A101`]);
  });
});

describe('answer scripts', () => {
  it('gives every paper written a random, unique dummy number, once', async () => {
    const first = await body(await as(cell, { method: 'POST', url: `/api/exams/${exam.id}/scripts` }));
    expect(first.numbered).toBe(50); // 40 write P1, 10 write P2
    expect((await body(await as(cell, { method: 'POST', url: `/api/exams/${exam.id}/scripts` }))).numbered).toBe(0);
    const rows = await t.db
      .selectFrom('exam_scripts')
      .select(['dummy_no', 'student_id'])
      .where('exam_id', '=', exam.id)
      .execute();
    expect(new Set(rows.map((r) => r.dummy_no)).size).toBe(50);
    expect(rows.every((r) => /^\d{8}$/.test(r.dummy_no))).toBe(true);
    // not in roll order: numbers sorted by student are not already sorted (1 chance in 50! otherwise)
    const byStudent = [...rows].sort((a, b) => a.student_id - b.student_id).map((r) => r.dummy_no);
    expect(byStudent).not.toEqual([...byStudent].sort());
  });

  it('marks absentees and malpractice per room, against who sat there', async () => {
    await t.db.updateTable('exams').set({ status: 'in_progress' }).where('id', '=', exam.id).execute();
    const url = `/api/exams/${exam.id}/scripts`;
    const base = { roomId: roomA.id, date: DAY, session: 'FN' };
    const noRemark = await as(cell, {
      method: 'PUT',
      url,
      payload: { ...base, marks: [{ rollNo: writers[3].rollNo, status: 'malpractice' }] },
    });
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().message).toContain(`Describe the malpractice of ${writers[3].rollNo}`);
    const elsewhere = await as(cell, {
      method: 'PUT',
      url,
      payload: { ...base, marks: [{ rollNo: writers[34].rollNo, status: 'absent' }] },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(DUTY_MSG.notInRoom(writers[34].rollNo));
    const marked = await body(
      await as(cell, {
        method: 'PUT',
        url,
        payload: {
          ...base,
          marks: [
            { rollNo: writers[2].rollNo, status: 'absent' },
            { rollNo: writers[3].rollNo, status: 'malpractice', remark: 'Written notes found in the calculator cover' },
          ],
        },
      }),
    );
    expect(marked.marked).toBe(2);
    const list = await body(await as(cell, { method: 'GET', url: `${url}?date=${DAY}&session=FN&roomId=${roomA.id}` }));
    expect(list.total).toBe(30);
    expect(list.counts).toEqual({ written: 48, absent: 1, malpractice: 1 });
    expect(list.items.find((s: any) => s.rollNo === writers[3].rollNo)).toMatchObject({ status: 'malpractice', room: 'A101' });
  });

  it('prints barcode labels with the dummy numbers and no roll number', async () => {
    const res = await as(cell, { method: 'GET', url: `/api/exams/${exam.id}/scripts/labels.pdf?date=${DAY}&session=AN` });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    const dummies = await t.db
      .selectFrom('exam_scripts as s')
      .innerJoin('exam_papers as p', 'p.id', 's.paper_id')
      .select('s.dummy_no')
      .where('s.exam_id', '=', exam.id)
      .where('p.session', '=', 'AN')
      .execute();
    expect(dummies).toHaveLength(10);
    for (const d of dummies) expect(text).toContain(d.dummy_no);
    expect(text).not.toContain(writers[0].rollNo);
  });
});
