import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MSG, dateRange, daySpan, isSaneDate, MAX_DAY_SPAN, ZIsoDate, ZIsoMonth, ZLocalDateTime } from './common-schemas.js';
import { ACHIEVEMENT_MSG, ZAchievement } from './achievement-schemas.js';
import { ADMISSION_MSG } from './admission-constants.js';
import { ZAdmission } from './admission-schemas.js';
import { ZReportQuery } from './library-schemas.js';
import { LEAVE_MSG, ZLeaveApply, ZLeaveCalendarQuery } from './leave-schemas.js';
import { ZOfferCreate } from './placement-schemas.js';
import { ZFacultyInput } from './masters-schemas.js';
import { ZOutpassCreate } from './hostel-schemas.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}|${i.message}`);
};

describe('ZIsoDate', () => {
  const to = ZIsoDate('to');
  const refused = [DATE_MSG.invalid('to')];

  it('takes real dates from 1900-01-01 to 2199-12-31', () => {
    for (const ok of ['2024-02-29', '1900-01-01', '2199-12-31', '2000-02-29', '2025-12-31'])
      expect(to.safeParse(ok).data, ok).toBe(ok);
  });

  it('refuses dates that are not real or lie outside 1900..2199, naming the field', () => {
    // 2023 is not a leap year; 1900 is not one either (divisible by 100, not 400).
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '0000-00-00',
      '9999-12-31',
      '1899-12-31',
      '2200-01-01',
    ])
      expect(messageOf(to, bad), bad).toEqual([`|${refused[0]}`]);
    expect(DATE_MSG.invalid('to')).toBe('to: give a real date between 1900 and 2199 as yyyy-mm-dd');
  });

  it('refuses other shapes and types', () => {
    for (const bad of ['31-12-2024', '2024-1-1', '2024-01-01T00:00', '+010000-01-01', '', 20240101, null])
      expect(to.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('trims, and keeps a module message for a malformed date but names the field for one out of range', () => {
    const date = ZIsoDate('date', { required: 'Choose the date', invalid: 'Enter a real date as yyyy-mm-dd' });
    expect(date.parse(' 2025-06-02 ')).toBe('2025-06-02');
    expect(messageOf(date, undefined)).toEqual(['|Choose the date']);
    expect(messageOf(date, '2025-02-30')).toEqual(['|Enter a real date as yyyy-mm-dd']);
    expect(messageOf(date, '2250-01-01')).toEqual(['|date: give a real date between 1900 and 2199 as yyyy-mm-dd']);
  });

  it('isSaneDate agrees', () => {
    expect([isSaneDate('2024-02-29'), isSaneDate('2023-02-29'), isSaneDate('1899-12-31'), isSaneDate('2199-12-31')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('ZIsoMonth and ZLocalDateTime', () => {
  it('takes yyyy-mm from 1900-01 to 2199-12', () => {
    const month = ZIsoMonth('month');
    expect(month.parse('2025-02')).toBe('2025-02');
    expect(month.parse('1900-01')).toBe('1900-01');
    for (const bad of ['2025-13', '2025-00', '0000-00', '9999-12', '1899-12', '2200-01', '2025-2'])
      expect(messageOf(month, bad), bad).toEqual(['|month: give a month between 1900-01 and 2199-12 as yyyy-mm']);
  });

  it('takes yyyy-mm-ddThh:mm with a real date and time', () => {
    const at = ZLocalDateTime('Leaving time', { invalid: 'Times are yyyy-mm-ddThh:mm' });
    expect(at.parse('2024-02-29T23:59')).toBe('2024-02-29T23:59');
    for (const bad of ['2023-02-29T10:00', '2024-01-01T24:00', '2024-01-01T10:60', '2024-01-01 10:00'])
      expect(messageOf(at, bad), bad).toEqual(['|Times are yyyy-mm-ddThh:mm']);
    expect(messageOf(at, '9999-12-31T10:00')).toEqual([
      '|Leaving time: give a real date and time between 1900 and 2199 as yyyy-mm-ddThh:mm',
    ]);
  });
});

describe('dateRange', () => {
  const query = z
    .object({ from: ZIsoDate('from').optional(), to: ZIsoDate('to').optional() })
    .superRefine(dateRange({ from: 'from', to: 'to', maxDays: MAX_DAY_SPAN }));

  it('counts both ends', () => {
    expect(daySpan('2025-01-01', '2025-01-01')).toBe(1);
    expect(daySpan('2024-01-01', '2024-12-31')).toBe(366); // 2024 is a leap year
    expect(daySpan('2025-01-02', '2025-01-01')).toBe(0);
  });

  it('takes a range of up to 366 days, or either end alone', () => {
    expect(query.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(query.safeParse({ from: '2025-01-01', to: '2025-01-01' }).success).toBe(true);
    expect(query.safeParse({ from: '2025-01-01' }).success).toBe(true);
    expect(query.safeParse({ to: '2025-01-01' }).success).toBe(true);
  });

  it('refuses a reversed range and one of 367 days, on the to field', () => {
    expect(messageOf(query, { from: '2025-03-02', to: '2025-03-01' })).toEqual([
      'to|The from date must be on or before the to date',
    ]);
    // 2024-01-01 .. 2025-01-01 is 366 days after the first: 367 days counted.
    expect(messageOf(query, { from: '2024-01-01', to: '2025-01-01' })).toEqual([
      'to|From the from date to the to date can be at most 366 days; choose a shorter range',
    ]);
  });

  it('is what the library report query does', () => {
    expect(messageOf(ZReportQuery, { to: '9999-12-31' })).toEqual([`to|${DATE_MSG.invalid('to')}`]);
    expect(messageOf(ZReportQuery, { from: '0000-00-00' })).toEqual([`from|${DATE_MSG.invalid('from')}`]);
    expect(messageOf(ZReportQuery, { from: '2020-01-01', to: '2025-01-01' })?.[0]).toMatch(/^to\|From the from date/);
  });
});

describe('the modules keep their own words', () => {
  it('legacy achievements answer the spec message for any bad date', () => {
    const ok = { departmentName: 'CSE', facultyName: 'F', description: 'Paper', dates: '2025-02-28' };
    for (const dates of ['2025-02-29', '9999-12-31', '1899-12-31'])
      expect(messageOf(ZAchievement, { ...ok, dates })).toEqual([`dates|${ACHIEVEMENT_MSG.invalidDate}`]);
  });

  it('the admission form answers its one date message, out of range too', () => {
    for (const d of ['2026-02-30', '1899-12-31', '2200-01-01']) {
      const issues = ZAdmission.safeParse({ dateOfBirth: d }).error?.issues ?? [];
      expect(issues.find((i) => i.path[0] === 'dateOfBirth')?.message, d).toBe(ADMISSION_MSG.validDate);
    }
  });

  it('a leave is at most 366 days and not reversed', () => {
    const leave = { leaveTypeId: 1, reason: 'Family function' };
    expect(ZLeaveApply.safeParse({ ...leave, fromDate: '2025-06-02', toDate: '2025-06-03' }).success).toBe(true);
    expect(messageOf(ZLeaveApply, { ...leave, fromDate: '2025-06-03', toDate: '2025-06-02' })).toEqual([
      `toDate|${LEAVE_MSG.toBeforeFrom}`,
    ]);
    expect(messageOf(ZLeaveApply, { ...leave, fromDate: '2025-01-01', toDate: '2026-01-02' })).toEqual([
      'toDate|From the first day to the last day can be at most 366 days; choose a shorter range',
    ]);
    expect(messageOf(ZLeaveApply, { ...leave, fromDate: '2025-01-01', toDate: '9999-12-31' })).toEqual([
      'toDate|Last day: give a real date between 1900 and 2199 as yyyy-mm-dd',
    ]);
    expect(messageOf(ZLeaveCalendarQuery, { month: '2025-13' })).toEqual(['month|Enter the month as yyyy-mm']);
  });

  it('optional dates still take an empty value', () => {
    expect(ZOfferCreate.parse({ driveId: 1, rollNo: '22A91A0501', role: 'Graduate Engineer Trainee', joiningDate: '' }).joiningDate).toBe('');
    expect(messageOf(ZOfferCreate, { driveId: 1, rollNo: '22A91A0501', role: 'Graduate Engineer Trainee', joiningDate: '2025-02-30' })).toEqual([
      'joiningDate|Give the joining date as a date',
    ]);
    const faculty = { empCode: 'F1', fullName: 'Asha Rao', email: 'asha@svec.edu.in', department: 'CSE' };
    expect(ZFacultyInput.parse({ ...faculty, dateOfJoining: '' }).dateOfJoining).toBe('');
    expect(messageOf(ZFacultyInput, { ...faculty, dateOfJoining: '9999-12-31' })).toEqual([
      'dateOfJoining|Date of joining: give a real date between 1900 and 2199 as yyyy-mm-dd',
    ]);
  });

  it('out-passes check both times', () => {
    const pass = { kind: 'OUTING', purpose: 'Market' };
    expect(ZOutpassCreate.safeParse({ ...pass, leaveAt: '2025-06-02T10:00', returnBy: '2025-06-02T18:00' }).success).toBe(true);
    expect(messageOf(ZOutpassCreate, { ...pass, leaveAt: '2025-06-02T10:00', returnBy: '9999-12-31T18:00' })).toEqual([
      'returnBy|Return time: give a real date and time between 1900 and 2199 as yyyy-mm-ddThh:mm',
    ]);
  });
});
