import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId, newExamResult, newExamTitle, newParent, newStudent } from '../../../test/builders.js';
import { runDueJobs } from '../../lib/jobs.js';
import { issue, LIB, newTitle } from '../../../test/modules/library.js';
import { lastWeekday, newFacultyUser, ok, readyClass } from '../../../test/modules/academic.js';
import { isoWeek, scheduleDue } from './scheduler.js';

/**
 * Each notification the portal sends, raised where its event happens: the request only queues it;
 * the worker (runDueJobs here) delivers it to the inbox and, with no mail server, the outbox.
 */
let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
  // Attendance day counts are worked out by hand: no seeded holiday may fall on the test's dates.
  await t.db.deleteFrom('calendar_events').execute();
});
afterAll(async () => t.close());

/** Runs the queue until nothing is due (scan → notify → mail). */
async function drain() {
  let total = 0;
  for (let ran = -1; ran !== 0; total += ran) ran = await runDueJobs(t.db, t.app.jobHandlers, 10_000);
  return total;
}

const inbox = async (username: string) => ok(await t.as(username, { method: 'GET', url: '/api/me/notifications/inbox' }));
const mailsTo = (to: string) =>
  t.db.selectFrom('outbox').select(['kind', 'subject', 'body', 'status']).where('to_address', '=', to).orderBy('id').execute();
const emailOf = async (username: string) =>
  (await t.db.selectFrom('users').select('email').where('username', '=', username).executeTakeFirstOrThrow()).email;
const pendingNotifyJobs = async () =>
  Number(
    (
      await t.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'notify')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('events raised by a request, delivered by the queue', () => {
  it('results published: every student with results in the title, once, even if published again', async () => {
    const a = await newStudent(t.db, svec, { login: true, full_name: 'Asha Rani' });
    const b = await newStudent(t.db, svec, { login: true });
    const outsider = await newStudent(t.db, svec, { login: true });
    const title = await newExamTitle(t.db, svec, { title: 'B.Tech IV-I Regular Nov 2031', published: 0 });
    for (const s of [a, b]) await newExamResult(t.db, svec, title, s, { code: 'CS401', credits: 3, marks: 72 });

    const res = await t.as('examcell', {
      method: 'PATCH',
      url: `/api/exam-results/titles/${title.id}`,
      payload: { published: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing is delivered inside the request: the event waits in the queue.
    expect((await inbox(a.username!)).unread).toBe(0);
    expect(await pendingNotifyJobs()).toBe(1);
    await drain();

    const mine = await inbox(a.username!);
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'results-published',
      subject: 'Results published: B.Tech IV-I Regular Nov 2031',
      body: 'Your results for B.Tech IV-I Regular Nov 2031 are published. See your grades and memo on the portal.',
      link: '/examresults',
      read: false,
    });
    expect((await inbox(b.username!)).unread).toBe(1);
    expect((await inbox(outsider.username!)).total).toBe(0);
    const mails = await mailsTo(await emailOf(a.username!));
    expect(mails).toEqual([
      expect.objectContaining({
        kind: 'results-published',
        subject: 'Results published: B.Tech IV-I Regular Nov 2031',
        status: 'kept',
      }),
    ]);

    // Withdrawn and published again: nobody is told twice.
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: false } });
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: true } });
    await drain();
    expect((await inbox(a.username!)).total).toBe(1);
    expect(await mailsTo(await emailOf(a.username!))).toHaveLength(1);
  });

  it('results published: linked parents too, except a parent the student hid marks from', async () => {
    const shown = await newStudent(t.db, svec, { login: true });
    const hidden = await newStudent(t.db, svec, { login: true });
    const parentOfShown = await newParent(t.db, svec, [shown.id]);
    const parentOfHidden = await newParent(t.db, svec, [hidden.id]);
    const hide = await t.as(hidden.username!, { method: 'PUT', url: '/api/me/privacy', payload: { hideMarks: true, hideAttendance: false } });
    expect(hide.statusCode, hide.body).toBe(200);
    const title = await newExamTitle(t.db, svec, { title: 'B.Tech IV-I Supplementary Jan 2032', published: 0 });
    for (const s of [shown, hidden]) await newExamResult(t.db, svec, title, s, { code: 'CS402', credits: 3, marks: 65 });

    const res = await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: true } });
    expect(res.statusCode, res.body).toBe(200);
    await drain();

    expect((await inbox(parentOfShown.username)).items.map((n: { subject: string }) => n.subject)).toEqual([
      'Results published: B.Tech IV-I Supplementary Jan 2032',
    ]);
    expect((await inbox(parentOfHidden.username)).total).toBe(0);
    expect(await mailsTo(parentOfHidden.email)).toEqual([]);
    expect((await inbox(hidden.username!)).unread).toBe(1);
  });

  it('grievance status change: the complainant', async () => {
    const s = await newStudent(t.db, svec, { login: true });
    const lodged = await t.as(s.username!, {
      method: 'POST',
      url: '/api/grievances',
      payload: {
        category: 'academic',
        subject: 'Lab marks missing',
        description: 'My DBMS lab internal marks are not on the portal.',
      },
    });
    expect(lodged.statusCode, lodged.body).toBe(200);
    const g = lodged.json();
    const moved = await t.as('grievance', {
      method: 'POST',
      url: `/api/grievances/${g.id}/status`,
      payload: { status: 'acknowledged', reason: 'The committee meets on Friday.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await inbox(s.username!)).total).toBe(0);
    await drain();
    const mine = await inbox(s.username!);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'grievance-status',
      subject: `Grievance ${g.number}: Acknowledged`,
      body: 'Your grievance “Lab marks missing” is now acknowledged. The committee meets on Friday.',
      link: `/app/grievance-redressal/${g.id}`,
    });
    // The incharge who acted is not told.
    expect((await inbox('grievance')).items.some((i: { kind: string }) => i.kind === 'grievance-status')).toBe(false);
  });

  it('leave decision: the applicant', async () => {
    const f = await newFacultyUser(t);
    const type = await ok(
      await t.as('admin', {
        method: 'POST',
        url: '/api/leave/types',
        payload: { code: `N${Date.now() % 100000}`, name: 'Casual leave', yearlyQuota: 0 },
      }),
    );
    const { id } = await t.db
      .insertInto('leave_applications')
      .values({
        college_id: svec,
        faculty_id: f.facultyId,
        leave_type_id: type.id,
        academic_year: '2031-2032',
        from_date: '2031-07-14',
        to_date: '2031-07-15',
        half_day: 0,
        days: 2,
        reason: 'Conference',
        status: 'pending_approval',
        approver: 'principal',
        decided_by: null,
        decision_note: '',
        decided_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.as('principal', {
      method: 'POST',
      url: `/api/leave/applications/${id}/decision`,
      payload: { approve: false, note: 'Exams that week.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const mine = await inbox(f.username);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'leave-decision',
      subject: `Leave rejected: ${type.code} 14-07-2031 to 15-07-2031`,
      body: 'Your Casual leave application for 2 day(s) is rejected. Exams that week.',
    });
    expect((await mailsTo(`${f.username}@svec.edu.in`))[0]).toMatchObject({ kind: 'leave-decision', status: 'kept' });
  });

  it('hold ready for pickup: the first reader waiting, when the copy comes back', async () => {
    const owner = await newStudent(t.db, svec);
    const reader = await newStudent(t.db, svec, { login: true });
    const { id: titleId, accessions } = await newTitle(t, { copies: 1, title: 'Operating System Concepts' });
    expect((await issue(t, owner.rollNo, accessions[0])).statusCode).toBe(200);
    const hold = await t.as('libraryassistant', {
      method: 'POST',
      url: `${LIB}/holds`,
      payload: { titleId, patron: reader.rollNo },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    await drain();
    expect((await inbox(reader.username!)).total).toBe(0);

    const back = await t.as('libraryassistant', { method: 'POST', url: `${LIB}/returns`, payload: { barcode: accessions[0] } });
    expect(back.statusCode, back.body).toBe(200);
    const expires = back.json().hold.expiresOn as string;
    await drain();
    const mine = await inbox(reader.username!);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'hold-ready',
      subject: 'A book you reserved is ready for pickup',
      body: `Collect it at the library desk by ${expires.split('-').reverse().join('-')}; after that it passes to the next reader.`,
    });
  });

  it('a contact turned off in both channels gets nothing; email off still fills the inbox', async () => {
    const s = await newStudent(t.db, svec, { login: true });
    const quiet = await newStudent(t.db, svec, { login: true });
    await ok(
      await t.as(s.username!, {
        method: 'PUT',
        url: '/api/me/notifications',
        payload: { 'results-published': { email: false } },
      }),
    );
    await ok(
      await t.as(quiet.username!, {
        method: 'PUT',
        url: '/api/me/notifications',
        payload: { 'results-published': { email: false, inApp: false } },
      }),
    );
    const title = await newExamTitle(t.db, svec, { published: 0 });
    for (const x of [s, quiet]) await newExamResult(t.db, svec, title, x, { code: 'CS402', credits: 4, marks: 55 });
    await ok(
      await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: true } }),
    );
    await drain();
    expect((await inbox(s.username!)).unread).toBe(1);
    expect(await mailsTo(await emailOf(s.username!))).toHaveLength(0);
    expect((await inbox(quiet.username!)).total).toBe(0);
    expect(await mailsTo(await emailOf(quiet.username!))).toHaveLength(0);
  });
});

describe('scheduled notifications', () => {
  it('runs each daily and weekly scan once per period, however many processes ask', async () => {
    // 10:00 in India on Monday 3 March 2031.
    const at = new Date('2031-03-03T04:30:00Z');
    const tasks = (await t.db.selectFrom('colleges').select('id').execute()).length * 3;
    const counts = await Promise.all([scheduleDue(t.db, at), scheduleDue(t.db, at), scheduleDue(t.db, at)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(tasks);
    // Later the same day: nothing new. The next day: the two daily tasks again, not the weekly one.
    expect(await scheduleDue(t.db, new Date('2031-03-03T12:00:00Z'))).toBe(0);
    expect(await scheduleDue(t.db, new Date('2031-03-04T04:30:00Z'))).toBe(tasks - tasks / 3);
    // Before 07:00 in India nothing starts.
    expect(await scheduleDue(t.db, new Date('2031-03-10T00:30:00Z'))).toBe(0);
    expect(isoWeek('2031-03-03')).toBe('2031-W10');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    await drain();
  });

  it('library: a loan due in two days and an overdue loan, each told once', async () => {
    const s = await newStudent(t.db, svec, { login: true });
    const due = await newTitle(t, { copies: 1, title: 'Introduction to Algorithms' });
    const late = await newTitle(t, { copies: 1, title: 'Computer Networks' });
    for (const acc of [due.accessions[0], late.accessions[0]]) expect((await issue(t, s.rollNo, acc)).statusCode).toBe(200);
    const loans = await t.db.selectFrom('library_loans').select('id').where('patron_code', '=', s.rollNo).orderBy('id').execute();
    await t.db.updateTable('library_loans').set({ due_on: '2031-04-09' }).where('id', '=', loans[0].id).execute();
    await t.db.updateTable('library_loans').set({ due_on: '2031-04-02' }).where('id', '=', loans[1].id).execute();

    // Monday 7 April 2031, 08:00 in India: due on Wednesday 9 April is two days away; 2 April is past.
    expect(await scheduleDue(t.db, new Date('2031-04-07T02:30:00Z'))).toBeGreaterThan(0);
    await drain();
    const mine = await inbox(s.username!);
    expect(mine.items.map((i: { kind: string; subject: string; body: string }) => [i.kind, i.subject, i.body]).sort()).toEqual([
      [
        'library-due',
        'Library book due on 09-04-2031',
        '“Introduction to Algorithms” is due back on 09-04-2031. Return or renew it to avoid a fine.',
      ],
      [
        'library-overdue',
        'Library book overdue',
        '“Computer Networks” was due back on 02-04-2031. A fine runs for each day it is late; please return it.',
      ],
    ]);
    // The next day's run finds the overdue loan again but tells nobody twice.
    await scheduleDue(t.db, new Date('2031-04-08T02:30:00Z'));
    await drain();
    expect((await inbox(s.username!)).total).toBe(2);
    expect(await mailsTo(await emailOf(s.username!))).toHaveLength(2);
  });

  it('fees: what a student still owes on dues falling due within three days, a contact without a login by email', async () => {
    const withLogin = await newStudent(t.db, svec, { login: true });
    const noLogin = await newStudent(t.db, svec);
    const head = await t.db.selectFrom('acc_fee_heads').select('id').where('college_id', '=', svec).executeTakeFirstOrThrow();
    const line = (studentId: number, ref: string, amount: number, paid: number, due: string) =>
      t.db
        .insertInto('acc_demand_lines')
        .values({
          college_id: svec,
          student_id: studentId,
          fy: '2031-32',
          head_id: head.id,
          payer: 'student',
          sanction_status: 'na',
          amount_paise: amount,
          paid_paise: paid,
          waived_paise: 0,
          source: 'demand',
          source_ref: `notify-test-${ref}-${studentId}`,
          due_date: due,
          created_at: new Date().toISOString(),
        })
        .execute();
    // Tuition ₹45,000 less ₹5,000 paid plus ₹1,25,000.50 bus fee: ₹1,65,000.50 due on 12 June.
    await line(withLogin.id, 'tuition', 4_500_000, 500_000, '2031-06-12');
    await line(withLogin.id, 'bus', 12_500_050, 0, '2031-06-12');
    // Paid in full: nothing to tell.
    await line(noLogin.id, 'paid', 100_000, 100_000, '2031-06-11');
    // Owed, but due a week later: not yet.
    await line(noLogin.id, 'later', 200_000, 0, '2031-06-20');
    await line(noLogin.id, 'exam', 150_000, 0, '2031-06-10');

    // Tuesday 10 June 2031: the window is 10 to 13 June.
    await scheduleDue(t.db, new Date('2031-06-10T03:00:00Z'));
    await drain();
    const mine = await inbox(withLogin.username!);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'fee-due',
      subject: 'Fee of ₹1,65,000.50 due on 12-06-2031',
      body: '₹1,65,000.50 is due on 12-06-2031. Pay at the accounts counter or online.',
    });
    const student = await t.db.selectFrom('students').select('email').where('id', '=', noLogin.id).executeTakeFirstOrThrow();
    expect(await mailsTo(student.email)).toEqual([
      expect.objectContaining({ kind: 'fee-due', subject: 'Fee of ₹1,500.00 due on 10-06-2031', status: 'kept' }),
    ]);
  });

  it('attendance: a student below the required percentage, weekly', async () => {
    const short = await newStudent(t.db, svec, { login: true, full_name: 'Short Attender' });
    const fine = await newStudent(t.db, svec, { login: true });
    const c = await readyClass(t, [short.rollNo, fine.rollNo]);
    // Four Mondays: absent on two of them: 2 of 4 = 50%, below 75%; needs 4 more in a row ((2+x)/(4+x) ≥ 75% → x = 4).
    for (let w = 0; w < 4; w++) {
      const res = await t.as(c.fac.username, {
        method: 'PUT',
        url: '/api/attendance/sessions',
        payload: {
          sectionId: c.section.id,
          subjectCode: c.subject.code,
          date: lastWeekday(1, w + 1),
          period: 1,
          absentRollNos: w < 2 ? [short.rollNo] : [],
          clientId: `notify-${short.rollNo}-${w}`,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A week no run has claimed yet.
    await scheduleDue(t.db, new Date('2031-09-15T04:30:00Z'));
    await drain();
    const mine = await inbox(short.username!);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'attendance-low',
      subject: 'Attendance 50% is below the required percentage',
      body: `Short Attender (${short.rollNo}) has attended 2 of 4 classes (50%), below the percentage required to sit the examinations. Attending the next 4 classes in a row brings it back.`,
    });
    expect((await inbox(fine.username!)).total).toBe(0);
    // Later that week: no second run. The next week: told again.
    await scheduleDue(t.db, new Date('2031-09-18T04:30:00Z'));
    await drain();
    expect((await inbox(short.username!)).total).toBe(1);
    await scheduleDue(t.db, new Date('2031-09-22T04:30:00Z'));
    await drain();
    expect((await inbox(short.username!)).total).toBe(2);
  });
});

describe('the inbox', () => {
  it('pages newest first, counts unread, and marks one or all read, for its owner only', async () => {
    const s = await newStudent(t.db, svec, { login: true });
    const other = await newStudent(t.db, svec, { login: true });
    const { notify } = await import('./notifications.service.js');
    const userId = (await t.db.selectFrom('users').select('id').where('username', '=', s.username!).executeTakeFirstOrThrow()).id;
    for (let i = 1; i <= 3; i++)
      await notify(t.db, { collegeId: svec, userId, kind: 'fee-due', subject: `Notice ${i}`, body: '' });
    const page = await ok(await t.as(s.username!, { method: 'GET', url: '/api/me/notifications/inbox?pageSize=2' }));
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.items.map((i: { subject: string }) => i.subject)).toEqual(['Notice 3', 'Notice 2']);

    // Another user cannot mark them read.
    const theirs = await ok(
      await t.as(other.username!, {
        method: 'POST',
        url: '/api/me/notifications/inbox/read',
        payload: { ids: [page.items[0].id] },
      }),
    );
    expect(theirs.unread).toBe(0);
    expect((await inbox(s.username!)).unread).toBe(3);

    const one = await ok(
      await t.as(s.username!, { method: 'POST', url: '/api/me/notifications/inbox/read', payload: { ids: [page.items[0].id] } }),
    );
    expect(one.unread).toBe(2);
    const unread = await ok(await t.as(s.username!, { method: 'GET', url: '/api/me/notifications/inbox?unread=true' }));
    expect(unread.items.map((i: { subject: string }) => i.subject)).toEqual(['Notice 2', 'Notice 1']);
    expect(
      (await ok(await t.as(s.username!, { method: 'POST', url: '/api/me/notifications/inbox/read', payload: {} }))).unread,
    ).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notifications/inbox' })).statusCode).toBe(401);
  });
});
