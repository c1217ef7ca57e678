import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYear, DAYS, displayDate, LEAVE_MSG, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { LEAVE_LIST_CAP } from './leave.repo.js';
import { futureWeekday, newFacultyUser, ok, post, readyClass, rolls } from '../../../test/modules/academic.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Day counts here are worked out by hand: the seeded holidays must not fall on the test's dates.
  await t.db.deleteFrom('calendar_events').execute();
});
afterAll(async () => t.close());

let k = 0;
const newType = (extra: Record<string, unknown> = {}) =>
  post(t, 'admin', '/api/leave/types', {
    code: `C${k++}${Date.now() % 1000}`,
    name: 'Casual leave',
    yearlyQuota: 3,
    halfDayAllowed: true,
    ...extra,
  }).then(ok);
const apply = (as: string, payload: Record<string, unknown>) =>
  t.as(as, { method: 'POST', url: '/api/leave/applications', payload });

describe('leave types and balances (leave maintenance)', () => {
  it('lets the admin keep leave types and open a year of balances with carry-forward', async () => {
    const el = await newType({ name: 'Earned leave', yearlyQuota: 6, carryForward: true, maxCarry: 2, halfDayAllowed: false });
    expect(el).toMatchObject({ yearlyQuota: 6, carryForward: true, halfDayAllowed: false, retired: false });
    const f = await newFacultyUser(t);
    await t.db
      .insertInto('leave_balances')
      .values({ college_id: 1, faculty_id: f.facultyId, leave_type_id: el.id, academic_year: '2024-2025', opening: 6, used: 1 })
      .execute();
    const res = await ok(await post(t, 'admin', '/api/leave/balances/allocate', { academicYear: '2025-2026' }));
    expect(res.created).toBeGreaterThan(0);
    const mine = await ok(await t.as(f.username, { method: 'GET', url: '/api/leave/balances?academicYear=2025-2026' }));
    // 6 this year + min(2, 5 left last year) carried.
    expect(mine.find((b: any) => b.code === el.code)).toMatchObject({ opening: 8, used: 0, pending: 0, available: 8 });
    expect(mine.every((b: any) => b.facultyId === f.facultyId)).toBe(true);
    expect((await post(t, 'hod', '/api/leave/types', { code: 'X', name: 'X', yearlyQuota: 1 })).statusCode).toBe(403);
    const dup = await post(t, 'admin', '/api/leave/types', { code: el.code, name: 'Again', yearlyQuota: 1 });
    expect(dup.statusCode).toBe(409);
  });
});

describe("the HoD's balances", () => {
  it("gives the HoD their own balances apart from the department's, which carry names", async () => {
    const cl = await newType({ yearlyQuota: 12 });
    const head = await newFacultyUser(t, 'CSE', ['ROLE_HOD']);
    const colleague = await newFacultyUser(t, 'CSE');
    const year = academicYear();
    await t.db
      .insertInto('leave_balances')
      .values([
        { college_id: 1, faculty_id: head.facultyId, leave_type_id: cl.id, academic_year: year, opening: 12, used: 2 },
        { college_id: 1, faculty_id: colleague.facultyId, leave_type_id: cl.id, academic_year: year, opening: 12, used: 1 },
      ])
      .execute();
    const own = await ok(await t.as(head.username, { method: 'GET', url: '/api/leave/balances?scope=mine' }));
    expect(own.every((b: any) => b.facultyId === head.facultyId)).toBe(true);
    expect(own.find((b: any) => b.code === cl.code)).toMatchObject({ opening: 12, used: 2, available: 10 });
    const dept = await ok(await t.as(head.username, { method: 'GET', url: '/api/leave/balances' }));
    expect(dept.find((b: any) => b.facultyId === colleague.facultyId && b.code === cl.code)).toMatchObject({
      facultyName: colleague.name,
      available: 11,
    });
    const bad = await t.as(head.username, { method: 'GET', url: '/api/leave/balances?scope=everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Choose mine or all');
  });
});

describe('apply, backup, approve', () => {
  it('runs the whole flow: backups named per missed class, a decline and a replacement, HoD approval deducting the balance', async () => {
    const cl = await newType();
    const c = await readyClass(t, rolls(1, 2));
    const monday = futureWeekday(1, 2);
    const backup1 = await newFacultyUser(t);
    const backup2 = await newFacultyUser(t);
    const busy = await readyClass(t, rolls(3, 4));
    const what = `CSE 2022-2026 ${c.section.name} ${c.subject.code}, ${DAYS[0]} ${displayDate(monday)} period 1`;
    const body = { leaveTypeId: cl.id, fromDate: monday, toDate: monday, reason: 'Family function' };

    const missed = await ok(
      await t.as(c.fac.username, { method: 'GET', url: `/api/leave/missed-classes?fromDate=${monday}&toDate=${monday}` }),
    );
    expect(missed).toHaveLength(1);
    expect(missed[0].candidates.map((x: any) => x.facultyId)).toContain(backup1.facultyId);
    expect(missed[0].candidates.map((x: any) => x.facultyId)).not.toContain(busy.fac.facultyId);

    let res = await apply(c.fac.username, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LEAVE_MSG.backupMissing(what));
    res = await apply(c.fac.username, { ...body, backups: [{ date: monday, period: 1, backupFacultyId: busy.fac.facultyId }] });
    expect(res.json().message).toBe(LEAVE_MSG.backupBusy(busy.fac.name, what));
    res = await apply(c.fac.username, { ...body, backups: [{ date: monday, period: 1, backupFacultyId: c.fac.facultyId }] });
    expect(res.json().message).toBe(LEAVE_MSG.backupSelf);

    const app = await ok(
      await apply(c.fac.username, { ...body, backups: [{ date: monday, period: 1, backupFacultyId: backup1.facultyId }] }),
    );
    expect(app).toMatchObject({ status: 'pending_backup', days: 1, approver: 'hod', message: LEAVE_MSG.applied });
    res = await apply(c.fac.username, { ...body, backups: [{ date: monday, period: 1, backupFacultyId: backup1.facultyId }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LEAVE_MSG.overlap(displayDate(monday), displayDate(monday)));

    // Only the named backup decides; the HoD cannot approve before the backups have.
    expect(
      (
        await t.as(backup2.username, {
          method: 'POST',
          url: `/api/leave/applications/${app.id}/backup-decision`,
          payload: { accept: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as('hod', { method: 'POST', url: `/api/leave/applications/${app.id}/decision`, payload: { approve: true } })
      ).json().message,
    ).toBe(LEAVE_MSG.notPendingApproval);
    const inbox = await ok(await t.as(backup1.username, { method: 'GET', url: '/api/leave/applications?view=backup' }));
    expect(inbox.items.map((a: any) => a.id)).toEqual([app.id]);
    const declined = await ok(
      await t.as(backup1.username, {
        method: 'POST',
        url: `/api/leave/applications/${app.id}/backup-decision`,
        payload: { accept: false },
      }),
    );
    expect(declined.backups[0].status).toBe('declined');
    expect(declined.status).toBe('pending_backup');
    const replaced = await ok(
      await t.as(c.fac.username, {
        method: 'PUT',
        url: `/api/leave/applications/${app.id}/backups`,
        payload: { backupId: declined.backups[0].id, backupFacultyId: backup2.facultyId },
      }),
    );
    expect(replaced.backups.map((b: any) => b.status)).toEqual(['replaced', 'pending']);
    const accepted = await ok(
      await t.as(backup2.username, {
        method: 'POST',
        url: `/api/leave/applications/${app.id}/backup-decision`,
        payload: { accept: true },
      }),
    );
    expect(accepted.status).toBe('pending_approval');
    const again = await t.as(backup2.username, {
      method: 'POST',
      url: `/api/leave/applications/${app.id}/backup-decision`,
      payload: { accept: true },
    });
    expect(again.json().message).toBe(LEAVE_MSG.alreadyDecided);

    const approvals = await ok(await t.as('hod', { method: 'GET', url: '/api/leave/applications?view=approvals' }));
    expect(approvals.items.map((a: any) => a.id)).toContain(app.id);
    expect(
      (
        await t.as(c.fac.username, {
          method: 'POST',
          url: `/api/leave/applications/${app.id}/decision`,
          payload: { approve: true },
        })
      ).statusCode,
    ).toBe(403);
    const [x, y] = await Promise.all([
      t.as('hod', { method: 'POST', url: `/api/leave/applications/${app.id}/decision`, payload: { approve: true, note: 'OK' } }),
      t.as('hod', { method: 'POST', url: `/api/leave/applications/${app.id}/decision`, payload: { approve: true, note: 'OK' } }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const year = academicYear(new Date(`${monday}T00:00:00`));
    const bal = await ok(await t.as(c.fac.username, { method: 'GET', url: `/api/leave/balances?academicYear=${year}` }));
    expect(bal.find((b: any) => b.code === cl.code)).toMatchObject({ opening: 3, used: 1, available: 2 });

    // That Monday the class is on the backup's sheet, not on the applicant's.
    const backupSheet = await ok(await t.as(backup2.username, { method: 'GET', url: `/api/attendance/sheet?date=${monday}` }));
    expect(backupSheet.classes).toEqual([expect.objectContaining({ sectionId: c.section.id, period: 1, asBackup: true })]);
    const ownSheet = await ok(await t.as(c.fac.username, { method: 'GET', url: `/api/attendance/sheet?date=${monday}` }));
    expect(ownSheet.classes).toHaveLength(0);
    const cal = await ok(await t.as('hod', { method: 'GET', url: `/api/leave/calendar?month=${monday.slice(0, 7)}` }));
    expect(cal.map((r: any) => r.facultyName)).toContain(c.fac.name);

    // 2 days left: a 4-day leave (Tuesday to Friday, no classes) is refused.
    res = await apply(c.fac.username, {
      leaveTypeId: cl.id,
      fromDate: futureWeekday(2, 3),
      toDate: futureWeekday(5, 3),
      reason: 'Travel',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LEAVE_MSG.quota(cl.code, 2, 4));
  });

  it('checks half days and dates', async () => {
    const cl = await newType();
    const el = await newType({ halfDayAllowed: false });
    const f = await newFacultyUser(t);
    const tue = futureWeekday(2, 4);
    let res = await apply(f.username, {
      leaveTypeId: cl.id,
      fromDate: tue,
      toDate: futureWeekday(3, 4),
      halfDay: true,
      reason: 'Clinic',
    });
    expect(res.json().message).toBe(LEAVE_MSG.halfDayOneDay);
    res = await apply(f.username, { leaveTypeId: el.id, fromDate: tue, toDate: tue, halfDay: true, reason: 'Clinic' });
    expect(res.json().message).toBe(LEAVE_MSG.halfDayNotAllowed(el.code));
    res = await apply(f.username, { leaveTypeId: cl.id, fromDate: futureWeekday(3, 4), toDate: tue, reason: 'Clinic' });
    expect(res.json().message).toBe(LEAVE_MSG.toBeforeFrom);
    const sunday = futureWeekday(7, 4);
    res = await apply(f.username, { leaveTypeId: cl.id, fromDate: sunday, toDate: sunday, reason: 'Clinic' });
    expect(res.json().message).toBe(LEAVE_MSG.noWorkingDays);
    const half = await ok(
      await apply(f.username, { leaveTypeId: cl.id, fromDate: tue, toDate: tue, halfDay: true, reason: 'Clinic' }),
    );
    expect(half).toMatchObject({ days: 0.5, status: 'pending_approval', message: LEAVE_MSG.appliedNoBackup });
  });

  it('counts only working days: Sundays and calendar holidays are not leave', async () => {
    const cl = await newType({ yearlyQuota: 10 });
    const f = await newFacultyUser(t);
    const mon = futureWeekday(1, 6);
    const plus = (n: number) => new Date(Date.parse(`${mon}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
    const [tue, wed] = [plus(1), plus(2)];
    const holiday = await post(t, 'academics', '/api/calendar', { title: 'Local festival', kind: 'holiday', startDate: tue });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const app = await ok(await apply(f.username, { leaveTypeId: cl.id, fromDate: mon, toDate: wed, reason: 'Travel' }));
    expect(app.days).toBe(2);
  });

  it("sends a HoD's leave to the principal", async () => {
    const cl = await newType();
    const head = await newFacultyUser(t, 'CSE', ['ROLE_HOD']);
    const day = futureWeekday(4, 5);
    const app = await ok(await apply(head.username, { leaveTypeId: cl.id, fromDate: day, toDate: day, reason: 'Conference' }));
    expect(app.approver).toBe('principal');
    const res = await t.as('hod', {
      method: 'POST',
      url: `/api/leave/applications/${app.id}/decision`,
      payload: { approve: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LEAVE_MSG.notYourApproval);
    const done = await ok(
      await t.as('principal', {
        method: 'POST',
        url: `/api/leave/applications/${app.id}/decision`,
        payload: { approve: false, note: 'Exams that week' },
      }),
    );
    expect(done).toMatchObject({ status: 'rejected', decisionNote: 'Exams that week' });
  });

  it('answers 401/403 and 404 where it should', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/leave/applications', payload: {} })).statusCode).toBe(401);
    const res = await t.as('librarian', { method: 'GET', url: '/api/leave/balances' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.noPermission);
    expect(
      (await t.as('hod', { method: 'POST', url: '/api/leave/applications/999999/decision', payload: { approve: true } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a leave list cut for speed says how many match', () => {
  it('gives the first LEAVE_LIST_CAP applications of a view and the count of all the view matches', async () => {
    const cl = await newType();
    const dept = `Z${Date.now() % 100000}`;
    const head = await newFacultyUser(t, dept, ['ROLE_HOD']);
    const a = await newFacultyUser(t, dept);
    const b = await newFacultyUser(t, dept);
    const elsewhere = await newFacultyUser(t, 'CSE');
    const row = (facultyId: number, status: string, day: number) => ({
      college_id: 1,
      faculty_id: facultyId,
      leave_type_id: cl.id,
      academic_year: academicYear(),
      from_date: `2031-03-${String(day).padStart(2, '0')}`,
      to_date: `2031-03-${String(day).padStart(2, '0')}`,
      half_day: 0,
      days: 1,
      reason: 'Family function',
      status,
      approver: 'hod',
      decided_by: null,
      decision_note: '',
      decided_at: null,
      created_at: new Date().toISOString(),
    });
    await t.db
      .insertInto('leave_applications')
      .values([
        row(a.facultyId, 'pending_approval', 3),
        row(a.facultyId, 'pending_approval', 4),
        row(a.facultyId, 'approved', 5),
        row(b.facultyId, 'pending_approval', 6),
        row(head.facultyId, 'pending_approval', 7),
        row(elsewhere.facultyId, 'pending_approval', 8),
      ])
      .execute();
    const list = async (as: string, view: string) =>
      ok(await t.as(as, { method: 'GET', url: `/api/leave/applications?view=${view}` }));

    // a's own: 3 of them, newest first
    const mine = await list(a.username, 'mine');
    expect(mine).toMatchObject({ total: 3, limit: LEAVE_LIST_CAP });
    expect(mine.items.map((x: any) => x.fromDate)).toEqual(['2031-03-05', '2031-03-04', '2031-03-03']);
    // the HoD's approvals: a's two and b's one pending; not the HoD's own, not another department's
    const approvals = await list(head.username, 'approvals');
    expect(approvals.total).toBe(3);
    expect(approvals.items.map((x: any) => x.fromDate)).toEqual(['2031-03-06', '2031-03-04', '2031-03-03']);
    // the department: all five of its applications, whatever their state
    expect((await list(head.username, 'department')).total).toBe(5);
    // not an approver: nothing, and says so
    expect(await list(a.username, 'approvals')).toEqual({ items: [], total: 0, limit: LEAVE_LIST_CAP });
  });
});
