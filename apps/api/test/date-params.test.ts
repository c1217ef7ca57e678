import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Every date a caller sends is a real date in 1900..2199, and a day-by-day report covers a bounded
 * range. The first case used to hang the server: the report stepped a day at a time towards
 * 9999-12-31 and the day after it, '+010000-01-01', sorts before it as text.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Call = { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };

/** Sends the call as the user and expects a 400 whose first problem is on `field`, with `message`. */
async function refused(user: string, call: Call, field: string, message: string) {
  const res = await t.as(user, { method: call.method ?? 'GET', url: call.url, payload: call.payload });
  expect(res.statusCode, `${call.url} ${res.body}`).toBe(400);
  const body = res.json();
  expect(body.message).toBe(message);
  expect(body.errors?.[0]?.path ?? field).toBe(field);
}

describe('library report dates', () => {
  const R = '/api/library/reports';

  it('refuses the far end of the calendar instead of walking towards it', async () => {
    await refused('librarian', { url: `${R}?to=9999-12-31` }, 'to', 'to: give a real date between 1900 and 2199 as yyyy-mm-dd');
    await refused(
      'librarian',
      { url: `${R}?from=0000-00-00` },
      'from',
      'from: give a real date between 1900 and 2199 as yyyy-mm-dd',
    );
    await refused('librarian', { url: `${R}?from=1899-12-31&to=1900-01-05` }, 'from', DATE_MSG.invalid('from'));
    await refused('librarian', { url: `${R}?to=2200-01-01` }, 'to', DATE_MSG.invalid('to'));
    await refused('librarian', { url: `${R}?to=2023-02-29` }, 'to', DATE_MSG.invalid('to'));
  });

  it('refuses a reversed range and one longer than 366 days', async () => {
    await refused(
      'librarian',
      { url: `${R}?from=2025-03-02&to=2025-03-01` },
      'to',
      'The from date must be on or before the to date',
    );
    // 2024-01-01 .. 2025-01-01: 367 days counting both ends.
    await refused(
      'librarian',
      { url: `${R}?from=2024-01-01&to=2025-01-01` },
      'to',
      'From the from date to the to date can be at most 366 days; choose a shorter range',
    );
  });

  it('bounds the range the defaults make too (to = today when only from is given)', async () => {
    await refused('librarian', { url: `${R}?from=1990-01-01` }, '', DATE_MSG.tooLong('from date', 'to date', 366));
    await refused('librarian', { url: `${R}?from=2199-12-31` }, '', DATE_MSG.reversed('from date', 'to date'));
  });

  it('draws one row per day for a full leap year', async () => {
    const res = await t.as('librarian', { method: 'GET', url: `${R}?from=2024-01-01&to=2024-12-31` });
    expect(res.statusCode).toBe(200);
    const perDay = res.json().perDay as Array<{ date: string }>;
    expect(perDay.length).toBe(366);
    expect([perDay[0].date, perDay[59].date, perDay[365].date]).toEqual(['2024-01-01', '2024-02-29', '2024-12-31']);
  });
});

describe('the other modules refuse bad dates, naming the field', () => {
  it('accounts: day book, collections, transactions', async () => {
    await refused('accountant', { url: '/api/accounts/daybook?date=0000-00-00' }, 'date', DATE_MSG.invalid('date'));
    await refused('accountant', { url: '/api/accounts/daybook?date=9999-12-31' }, 'date', DATE_MSG.invalid('date'));
    await refused('accountant', { url: '/api/accounts/collections?from=2025-04-01&to=9999-12-31' }, 'to', DATE_MSG.invalid('to'));
    await refused(
      'accountant',
      { url: '/api/accounts/collections?from=2025-04-02&to=2025-04-01' },
      'to',
      'The from date must be on or before the to date',
    );
    await refused(
      'accountant',
      { url: '/api/accounts/transactions?from=2025-04-02&to=2025-04-01' },
      'to',
      'The from date must be on or before the to date',
    );
  });

  it('attendance: the sheet, sessions and the monthly register', async () => {
    await refused('faculty', { url: '/api/attendance/sheet?date=9999-12-31' }, 'date', DATE_MSG.invalid('date'));
    await refused('faculty', { url: '/api/attendance/sheet?date=2025-02-30' }, 'date', 'Enter a real date as yyyy-mm-dd');
    await refused(
      'hod',
      { url: '/api/attendance/sessions?sectionId=1&from=2025-06-03&to=2025-06-02' },
      'to',
      'The last date must not be before the first',
    );
    await refused('hod', { url: '/api/attendance/register.xlsx?month=9999-12' }, 'month', DATE_MSG.invalidMonth('month'));
  });

  it('hostel: vacating and out-passes', async () => {
    await refused(
      'admin',
      { method: 'POST', url: '/api/hostel/allotments/1/vacate', payload: { date: '9999-12-31' } },
      'date',
      DATE_MSG.invalid('Vacate date'),
    );
    await refused(
      'admin',
      {
        method: 'POST',
        url: '/api/hostel/outpasses',
        payload: { rollNo: 'X', kind: 'OUTING', purpose: 'Market', leaveAt: '2025-06-02T10:00', returnBy: '0000-00-00T18:00' },
      },
      'returnBy',
      'Times are yyyy-mm-ddThh:mm',
    );
  });

  it('transport: expenses and the monthly report', async () => {
    await refused(
      'admin',
      {
        method: 'POST',
        url: '/api/transport/expenses',
        payload: { vehicleId: 1, category: 'tax', expenseDate: '1899-12-31', amount: 100 },
      },
      'expenseDate',
      DATE_MSG.invalid('Date'),
    );
    await refused('admin', { url: '/api/transport/reports/monthly?month=0000-00' }, 'month', 'Month must be yyyy-mm');
    await refused('admin', { url: '/api/transport/reports/monthly?month=2200-01' }, 'month', DATE_MSG.invalidMonth('month'));
  });

  it('payments: the transaction history', async () => {
    await refused('accountant', { url: '/api/payments/transactions?to=9999-12-31' }, 'to', DATE_MSG.invalid('to'));
    await refused('accountant', { url: '/api/payments/transactions?from=0000-00-00' }, 'from', 'Dates are yyyy-mm-dd');
    await refused(
      'accountant',
      { url: '/api/payments/transactions?from=2025-06-02&to=2025-06-01' },
      'to',
      'The from date must be on or before the to date',
    );
  });

  it('leave: missed classes and applications, at most 366 days', async () => {
    await refused(
      'faculty',
      { url: '/api/leave/missed-classes?fromDate=2025-06-02&toDate=9999-12-31' },
      'toDate',
      DATE_MSG.invalid('Last day'),
    );
    await refused(
      'faculty',
      { url: '/api/leave/missed-classes?fromDate=2025-01-01&toDate=2026-06-30' },
      'toDate',
      'From the first day to the last day can be at most 366 days; choose a shorter range',
    );
    await refused(
      'faculty',
      {
        method: 'POST',
        url: '/api/leave/applications',
        payload: { leaveTypeId: 1, fromDate: '0000-00-00', toDate: '2025-06-02', reason: 'Family function' },
      },
      'fromDate',
      'Enter the first day as a real date, yyyy-mm-dd',
    );
    await refused('hod', { url: '/api/leave/calendar?month=9999-12' }, 'month', DATE_MSG.invalidMonth('month'));
  });

  it('calendar, audit and grievance reports', async () => {
    await refused('admin', { url: '/api/calendar?from=0000-00-00' }, 'from', 'Please enter a valid date (yyyy-mm-dd)');
    await refused('admin', { url: '/api/calendar?to=9999-12-31' }, 'to', DATE_MSG.invalid('to'));
    await refused('admin', { url: '/api/audit?to=9999-12-31' }, 'to', DATE_MSG.invalid('to'));
    await refused(
      'admin',
      { url: '/api/audit?from=2025-06-02&to=2025-06-01' },
      'to',
      'The from date must be on or before the to date',
    );
    await refused(
      'grievance',
      { url: '/api/grievances/reports?from=2025-06-02&to=2025-06-01' },
      'to',
      'The from date must be on or before the to date',
    );
  });

  it('the legacy achievement call keeps the spec message', async () => {
    await refused(
      'admin',
      {
        method: 'POST',
        url: '/api/auth-service/v1/savefacultyAchievements',
        payload: { departmentName: 'CSE', facultyName: 'X', description: 'Paper', dates: '9999-12-31' },
      },
      'dates',
      'Please enter a valid date',
    );
  });
});
