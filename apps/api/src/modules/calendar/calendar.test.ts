import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId as collegeIdOf, newCalendarEvent, newCollege, newStudent } from '../../../test/builders.js';
import { addWorkingDays, holidaysBetween, isWorkingDay, nextWorkingDay, workingDaysBetween } from './calendar.service.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeIdOf(t.db);
});
afterAll(async () => t.close());

const post = (as: string, payload: Record<string, unknown>) => t.as(as, { method: 'POST', url: '/api/calendar', payload });

// A college of the tests' own, whose calendar holds only these entries. 2031-03-02, 09, 16, 23 and 30 are Sundays.
describe('working days', () => {
  let collegeId: number;
  beforeAll(async () => {
    collegeId = (await newCollege(t.db)).id;
    await newCalendarEvent(t.db, collegeId, { title: 'Holi', kind: 'holiday', start_date: '2031-03-10' });
    await newCalendarEvent(t.db, collegeId, { title: 'Spring break', kind: 'holiday', start_date: '2031-03-12', end_date: '2031-03-14' });
    await newCalendarEvent(t.db, collegeId, { title: 'Fest', kind: 'event', start_date: '2031-03-11' });
  });

  it('knows Sundays, holidays and that an event is a working day', async () => {
    expect(await isWorkingDay(t.db, collegeId, '2031-03-09')).toBe(false); // Sunday
    expect(await isWorkingDay(t.db, collegeId, '2031-03-10')).toBe(false); // Holi
    expect(await isWorkingDay(t.db, collegeId, '2031-03-11')).toBe(true); // fest day, classes run
    expect(await isWorkingDay(t.db, collegeId, '2031-03-13')).toBe(false); // inside the break
  });

  it('moves a date to the next working day', async () => {
    expect(await nextWorkingDay(t.db, collegeId, '2031-03-08')).toBe('2031-03-08'); // a Saturday works
    expect(await nextWorkingDay(t.db, collegeId, '2031-03-09')).toBe('2031-03-11'); // Sun, Holi → Tue
    expect(await nextWorkingDay(t.db, collegeId, '2031-03-12')).toBe('2031-03-15'); // break → Sat
  });

  it('adds working days', async () => {
    // From Fri 7: Sat 8 (1), Sun 9 -, Holi 10 -, Tue 11 (2), 12-14 break, Sat 15 (3), Sun 16 -, Mon 17 (4)
    expect(await addWorkingDays(t.db, collegeId, '2031-03-07', 4)).toBe('2031-03-17');
    expect(await addWorkingDays(t.db, collegeId, '2031-03-07', 0)).toBe('2031-03-07');
  });

  it('counts working days after from up to and including to', async () => {
    // 8 Sat, 11 Tue, 15 Sat, 17 Mon, 18 Tue, 19 Wed, 20 Thu = 7
    expect(await workingDaysBetween(t.db, collegeId, '2031-03-07', '2031-03-20')).toBe(7);
    expect(await workingDaysBetween(t.db, collegeId, '2031-03-20', '2031-03-07')).toBe(0);
  });

  it('lists holiday dates clipped to the range', async () => {
    expect([...(await holidaysBetween(t.db, collegeId, '2031-03-10', '2031-03-13'))].sort()).toEqual([
      '2031-03-10',
      '2031-03-12',
      '2031-03-13',
    ]);
  });

  it("ignores the other college's holidays", async () => {
    const other = (await newCollege(t.db)).id;
    expect(await isWorkingDay(t.db, collegeId, '2031-03-10')).toBe(false);
    expect(await isWorkingDay(t.db, other, '2031-03-10')).toBe(true);
    expect(await holidaysBetween(t.db, other, '2031-03-01', '2031-03-31')).toEqual(new Set());
  });
});

describe('/api/calendar', () => {
  it('creates, lists by range, edits and retires an entry, each audited', async () => {
    const created = (await post('academics', { title: 'Convocation', kind: 'event', startDate: '2032-06-05' })).json();
    expect(created).toMatchObject({
      title: 'Convocation',
      kind: 'event',
      startDate: '2032-06-05',
      endDate: '2032-06-05',
      description: '',
    });

    // Another entry of the test's own, just outside the range asked for.
    const outside = await newCalendarEvent(t.db, svec, { title: 'Convocation rehearsal', kind: 'event', start_date: '2032-05-31' });
    const student = await newStudent(t.db, svec, { login: true });
    const list = await t.as(student.username!, { method: 'GET', url: '/api/calendar?from=2032-06-01&to=2032-06-30' });
    expect(list.statusCode).toBe(200);
    const ids = (items: Array<{ id: number }>) => items.map((e) => e.id).filter((id) => id === created.id || id === outside.id);
    expect(ids(list.json().items)).toEqual([created.id]);
    expect(list.json().items.find((e: { id: number }) => e.id === created.id)).toMatchObject({ title: 'Convocation', startDate: '2032-06-05' });

    const edited = await t.as('admin', {
      method: 'PUT',
      url: `/api/calendar/${created.id}`,
      payload: { title: 'Convocation 2032', kind: 'event', startDate: '2032-06-06' },
    });
    expect(edited.json().title).toBe('Convocation 2032');

    expect((await t.as('admin', { method: 'DELETE', url: `/api/calendar/${created.id}` })).json()).toEqual({ ok: true });
    expect(ids((await t.as('admin', { method: 'GET', url: '/api/calendar?from=2032-06-01&to=2032-06-30' })).json().items)).toEqual([]);
    const again = await t.as('admin', { method: 'DELETE', url: `/api/calendar/${created.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CALENDAR_MSG.notFound);

    const audit = await t.as('principal', { method: 'GET', url: `/api/audit?entity=calendar_event&q=${created.id}` });
    expect(audit.json().items.map((a: { action: string }) => a.action)).toEqual([
      'calendar.retire',
      'calendar.update',
      'calendar.create',
    ]);
    expect(audit.json().items[1]).toMatchObject({
      username: 'admin',
      before: { title: 'Convocation' },
      after: { title: 'Convocation 2032' },
    });
  });

  it('refuses bad input with messages a person understands', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'holiday', startDate: '2032-01-01' }, CALENDAR_MSG.titleRequired],
      [{ title: 'X', kind: 'picnic', startDate: '2032-01-01' }, CALENDAR_MSG.kindInvalid],
      [{ title: 'X', kind: 'holiday', startDate: '2032-02-30' }, CALENDAR_MSG.dateInvalid],
      [{ title: 'X', kind: 'holiday', startDate: '2032-02-10', endDate: '2032-02-01' }, CALENDAR_MSG.endBeforeStart],
    ];
    for (const [payload, message] of cases) {
      const res = await post('admin', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('lets only the academic office write, and keeps colleges apart', async () => {
    const res = await post('faculty', { title: 'X', kind: 'holiday', startDate: '2032-01-01' });
    expect(res.statusCode).toBe(403);
    const srk = await t.as(
      'srkadmin',
      { method: 'POST', url: '/api/calendar', payload: { title: 'SRK day', kind: 'event', startDate: '2033-01-05' } },
      'srk.localhost',
    );
    expect(srk.statusCode).toBe(200);
    const mine = (await t.as('admin', { method: 'GET', url: '/api/calendar?from=2033-01-01&to=2033-01-31' })).json().items;
    expect(mine.map((e: { id: number }) => e.id)).not.toContain(srk.json().id);
    expect(mine.map((e: { title: string }) => e.title)).not.toContain('SRK day');
    const foreign = await t.as('admin', {
      method: 'PUT',
      url: `/api/calendar/${srk.json().id}`,
      payload: { title: 'Mine', kind: 'event', startDate: '2033-01-05' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('/api/audit', () => {
  it('is read by admins and the principal only', async () => {
    expect((await t.as('faculty', { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    const student = await newStudent(t.db, svec, { login: true });
    expect((await t.as(student.username!, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    const res = await t.as('admin', { method: 'GET', url: '/api/audit?pageSize=201' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('At most 200 rows a page');
  });
});
