import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { REGISTRATION_MSG, ZRegistrationForm, needsDepartment } from './registration-schemas.js';

const ok = {
  fullName: 'Kavya Menon', username: 'kavya', email: 'kavya@example.org', password: 'Secret@1', eamcetCode: 'SVEC', collegeName: 'SVEC',
  instituteType: 'engineering', affiliatedTo: '', role: 'Admin', department: '', promotions: false, modules: ['erp'],
};
const messages = (over: Record<string, unknown>) => ZRegistrationForm.safeParse({ ...ok, ...over }).error?.issues.map((i) => i.message) ?? [];

describe('registration form rules', () => {
  it('accepts a complete form', () => {
    expect(ZRegistrationForm.safeParse(ok).success).toBe(true);
  });
  it('uses the spec messages for user name, password and email', () => {
    expect(messages({ username: 'ab' })).toEqual([MSG.userNameMin]);
    expect(messages({ username: 'ab~cd' })).toEqual([MSG.userNameMin]);
    expect(messages({ password: '12345' })).toEqual([MSG.passwordMin6]);
    expect(messages({ email: 'x@' })).toEqual([MSG.validEmailId]);
  });
  it('needs Affiliated To only for affiliated, and Department only for Faculty or Hod', () => {
    expect(messages({ instituteType: 'affiliated' })).toEqual([REGISTRATION_MSG.enterAffiliatedTo]);
    expect(messages({ instituteType: 'affiliated', affiliatedTo: 'JNTUK' })).toEqual([]);
    expect(messages({ role: 'Faculty' })).toEqual([REGISTRATION_MSG.selectDepartment]);
    expect(messages({ role: 'Hod', department: 'CSE' })).toEqual([]);
    expect(needsDepartment('hod')).toBe(true);
    expect(needsDepartment('Dean')).toBe(false);
  });
  it('accepts only the spec roles and modules', () => {
    expect(messages({ role: 'Superuser' })).toEqual([REGISTRATION_MSG.selectRole]);
    expect(messages({ modules: [] })).toEqual([REGISTRATION_MSG.selectModule]);
    expect(ZRegistrationForm.safeParse({ ...ok, modules: ['payroll'] }).success).toBe(false);
  });
});
