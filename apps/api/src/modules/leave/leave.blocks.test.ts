import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAYS, displayDate, LEAVE_MSG, type TLeaveApplication, type TMissedClass } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { futureWeekday, newFacultyUser, ok, post, readyClass, rolls } from '../../../test/modules/academic.js';

let t: TestApp;
let leaveTypeId: number;
beforeAll(async () => {
  t = await createTestApp();
  // The test's Mondays must be working days whatever the seeded calendar holds.
  await t.db.deleteFrom('calendar_events').execute();
  leaveTypeId = (await ok(await post(t, 'admin', '/api/leave/types', { code: 'BLK', name: 'Casual leave', yearlyQuota: 10 }))).id;
});
afterAll(async () => t.close());

const LAB = { day: 1, period: 5, span: 3 };
const apply = (as: string, payload: Record<string, unknown>) =>
  t.as(as, { method: 'POST', url: '/api/leave/applications', payload: { leaveTypeId, reason: 'Conference', ...payload } });

describe('a lab of consecutive periods is one class with one backup', () => {
  it('lists a three-period lab once, with the faculty free for all three periods', async () => {
    const lab = await readyClass(t, rolls(11, 12), {}, LAB);
    const monday = futureWeekday(1, 2);
    const free = await newFacultyUser(t);
    // Teaches Monday period 6 only: free for periods 5 and 7 but not for the whole lab.
    const busy6 = await readyClass(t, rolls(13, 14), {}, { day: 1, period: 6 });
    const missed = await ok<TMissedClass[]>(
      await t.as(lab.fac.username, { method: 'GET', url: `/api/leave/missed-classes?fromDate=${monday}&toDate=${monday}` }),
    );
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({
      date: monday,
      period: 5,
      periods: [5, 6, 7],
      sectionId: lab.section.id,
      subjectCode: lab.subject.code,
      subjectName: lab.subject.name,
    });
    const ids = missed[0].candidates.map((c) => c.facultyId);
    expect(ids).toContain(free.facultyId);
    expect(ids).not.toContain(busy6.fac.facultyId);
  });

  it('applies with one backup for the lab: it covers all three periods; a missing one names the block', async () => {
    const lab = await readyClass(t, rolls(15, 16), {}, LAB);
    const monday = futureWeekday(1, 3);
    const backup = await newFacultyUser(t);
    const dates = { fromDate: monday, toDate: monday };
    const what = `CSE 2022-2026 ${lab.section.name} ${lab.subject.code}, ${DAYS[0]} ${displayDate(monday)} periods 5–7`;

    const none = await apply(lab.fac.username, dates);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(LEAVE_MSG.backupMissing(what));

    const app = await ok<TLeaveApplication & { message: string }>(
      await apply(lab.fac.username, { ...dates, backups: [{ date: monday, period: 5, backupFacultyId: backup.facultyId }] }),
    );
    expect(app.message).toBe(LEAVE_MSG.applied);
    expect(app.backups.map((b) => [b.period, b.backupFacultyId, b.status, b.subjectName])).toEqual([
      [5, backup.facultyId, 'pending', lab.subject.name],
      [6, backup.facultyId, 'pending', lab.subject.name],
      [7, backup.facultyId, 'pending', lab.subject.name],
    ]);

    // One acceptance covers the block; approved, all three periods are on the backup's sheet.
    await ok(
      await t.as(backup.username, {
        method: 'POST',
        url: `/api/leave/applications/${app.id}/backup-decision`,
        payload: { accept: true },
      }),
    );
    await ok(
      await t.as('hod', { method: 'POST', url: `/api/leave/applications/${app.id}/decision`, payload: { approve: true } }),
    );
    const sheet = await ok(await t.as(backup.username, { method: 'GET', url: `/api/attendance/sheet?date=${monday}` }));
    expect(sheet.classes.map((c: { period: number; asBackup: boolean }) => [c.period, c.asBackup])).toEqual([
      [5, true],
      [6, true],
      [7, true],
    ]);
  });

  it('refuses two backups for one block, and a backup busy in any of its periods', async () => {
    const lab = await readyClass(t, rolls(17, 18), {}, LAB);
    const monday = futureWeekday(1, 4);
    const [a, b] = [await newFacultyUser(t), await newFacultyUser(t)];
    const busy7 = await readyClass(t, rolls(19, 20), {}, { day: 1, period: 7 });
    const what = `CSE 2022-2026 ${lab.section.name} ${lab.subject.code}, ${DAYS[0]} ${displayDate(monday)} periods 5–7`;
    const dates = { fromDate: monday, toDate: monday };

    const split = await apply(lab.fac.username, {
      ...dates,
      backups: [
        { date: monday, period: 5, backupFacultyId: a.facultyId },
        { date: monday, period: 6, backupFacultyId: b.facultyId },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json().message).toBe(LEAVE_MSG.blockOneBackup(what));

    const clash = await apply(lab.fac.username, {
      ...dates,
      backups: [{ date: monday, period: 5, backupFacultyId: busy7.fac.facultyId }],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(LEAVE_MSG.backupBusy(busy7.fac.name, what));
    const saved = await t.db.selectFrom('leave_applications').select('id').where('faculty_id', '=', lab.fac.facultyId).execute();
    expect(saved).toEqual([]);
  });

  it('a declined block is replaced in one step: every period gets the new backup', async () => {
    const lab = await readyClass(t, rolls(21, 22), {}, LAB);
    const monday = futureWeekday(1, 5);
    const [first, second] = [await newFacultyUser(t), await newFacultyUser(t)];
    const app = await ok<TLeaveApplication>(
      await apply(lab.fac.username, {
        fromDate: monday,
        toDate: monday,
        backups: [{ date: monday, period: 5, backupFacultyId: first.facultyId }],
      }),
    );
    const declined = await ok<TLeaveApplication>(
      await t.as(first.username, {
        method: 'POST',
        url: `/api/leave/applications/${app.id}/backup-decision`,
        payload: { accept: false },
      }),
    );
    const replaced = await ok<TLeaveApplication>(
      await t.as(lab.fac.username, {
        method: 'PUT',
        url: `/api/leave/applications/${app.id}/backups`,
        payload: { backupId: declined.backups[1].id, backupFacultyId: second.facultyId },
      }),
    );
    const rows = replaced.backups.map((b) => [b.period, b.backupFacultyId, b.status] as const);
    expect([...rows].sort((x, y) => x[0] - y[0] || x[2].localeCompare(y[2]))).toEqual([
      [5, second.facultyId, 'pending'],
      [5, first.facultyId, 'replaced'],
      [6, second.facultyId, 'pending'],
      [6, first.facultyId, 'replaced'],
      [7, second.facultyId, 'pending'],
      [7, first.facultyId, 'replaced'],
    ]);
  });

  it('a single-period class still needs its own backup, named by its period', async () => {
    const c = await readyClass(t, rolls(23, 24), {}, { day: 1, period: 2 });
    const monday = futureWeekday(1, 6);
    const res = await apply(c.fac.username, { fromDate: monday, toDate: monday });
    expect(res.json().message).toBe(
      LEAVE_MSG.backupMissing(`CSE 2022-2026 ${c.section.name} ${c.subject.code}, ${DAYS[0]} ${displayDate(monday)} period 2`),
    );
  });
});
