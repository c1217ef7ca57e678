import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { ONLINE_APPLICATION_MSG, applicantPayload, firstApplicationError } from './online-application-schemas.js';

const good = {
  admissionType: 'Direct',
  courseAppliedFor: 'B.Tech',
  batch: '2025-2029',
  branch: 'CSE',
  name: 'Kavya Sri',
  gender: 'FEMALE',
  dateOfBirth: '2008-05-14',
  aadharNo: '456745674567',
  emailId: 'kavya@example.com',
  studentContactNo: '9876501234',
};

describe('online application schema', () => {
  it('passes a complete application and dates it with the day it was made', () => {
    const p = applicantPayload(good, '2026-06-01');
    expect(firstApplicationError(p)).toBeNull();
    expect(p.dateOfAdmission).toBe('2026-06-01');
  });

  it('never takes the office fields from the applicant', () => {
    const p = applicantPayload({ ...good, adminNo: 'SVEC/2026/99999', feeCommitment: '1', rollNumber: '25X01', agent: 'X' }, '2026-06-01');
    expect([p.adminNo, p.feeCommitment, p.rollNumber, p.agent]).toEqual(['', '', '', '']);
  });

  it('answers with the admission form messages first', () => {
    expect(firstApplicationError(applicantPayload({ ...good, name: '' }, '2026-06-01'))).toBe(MSG.enterFullName);
    expect(firstApplicationError(applicantPayload({ ...good, aadharNo: '1234' }, '2026-06-01'))).toBe(MSG.aadharTwelveDigits);
  });

  it('needs a date of birth before the application date, a mobile number and an email', () => {
    const at = (v: Record<string, string>) => firstApplicationError(applicantPayload({ ...good, ...v }, '2026-06-01'));
    expect(at({ dateOfBirth: '' })).toBe(ONLINE_APPLICATION_MSG.dobRequired);
    expect(at({ dateOfBirth: '2026-06-01' })).toBe(ONLINE_APPLICATION_MSG.dobInPast);
    expect(at({ studentContactNo: '' })).toBe(ONLINE_APPLICATION_MSG.mobileRequired);
    expect(at({ emailId: '' })).toBe(ONLINE_APPLICATION_MSG.emailRequired);
  });
});
