import { describe, expect, it } from 'vitest';
import { ZAlumniHistory, ZAlumniRegistration, applyAlumniStatus, applyWorkingChoice, checkAlumniHistory } from './alumni-schemas.js';
import { MSG } from './messages.js';

const ctx = (over: Partial<Parameters<typeof checkAlumniHistory>[1]> = {}) => ({
  rollNumberExists: () => false,
  hasCertificate: true,
  isKnownSelection: () => true,
  ...over,
});

describe('checkAlumniHistory', () => {
  const full = ZAlumniHistory.parse({
    status: 'working', rollNumber: 'R1', name: 'N', fatherName: 'F', course: 'B.Tech', batch: '2018-2022', branch: 'CSE',
    studentEmail: 'a@b.co', studentMobile: '9123456780', company: 'C', designation: 'D', experience: '1', location: 'L',
  });

  it('passes a complete record', () => expect(checkAlumniHistory(full, ctx())).toBeNull());

  it('reports the first failure in the spec order', () => {
    expect(checkAlumniHistory({ ...full, status: '' }, ctx())?.message).toBe(MSG.selectStatus);
    // a bad phone comes before a duplicate, which comes before missing fields
    expect(checkAlumniHistory({ ...full, studentMobile: '12', name: '' }, ctx({ rollNumberExists: () => true }))?.message).toBe(MSG.phoneTenDigits);
    expect(checkAlumniHistory({ ...full, name: '' }, ctx({ rollNumberExists: () => true }))).toMatchObject({ message: MSG.rollNumberExists, duplicate: true });
    expect(checkAlumniHistory({ ...full, studentMobile: '', company: '' }, ctx())?.message).toBe(MSG.studentPhoneRequired);
    expect(checkAlumniHistory({ ...full, company: '' }, ctx({ hasCertificate: false }))?.message).toBe(MSG.companyRequired);
    expect(checkAlumniHistory(full, ctx({ hasCertificate: false }))?.message).toBe(MSG.offerLetterRequired);
    expect(checkAlumniHistory({ ...full, status: 'studying' }, ctx())?.message).toBe(MSG.instituteRequired);
    expect(checkAlumniHistory({ ...full, status: 'studying', instituteName: 'I' }, ctx({ hasCertificate: false }))?.message).toBe(MSG.admitCardRequired);
    expect(checkAlumniHistory(full, ctx({ isKnownSelection: () => false }))?.message).toBe(MSG.selectCourseBatchBranch);
  });

  it('trims values, so blanks count as missing', () => {
    const v = ZAlumniHistory.parse({ status: 'working', rollNumber: '  R2 ', name: '   ' });
    expect(v.rollNumber).toBe('R2');
    expect(checkAlumniHistory(v, ctx())?.message).toBe(MSG.studentNameRequired);
  });

  it('keeps only the fields of the chosen status', () => {
    expect(applyAlumniStatus({ ...full, status: 'studying', instituteName: 'I' })).toMatchObject({ company: '', designation: '', instituteName: 'I' });
    expect(applyAlumniStatus({ ...full, instituteName: 'I' }).instituteName).toBe('');
  });
});

describe('ZAlumniRegistration', () => {
  const base = {
    name: 'N', rollNumber: 'R', degree: 'B.Tech', batch: '2018-2022', branch: 'cse', mobileNumber: '9876543210', email: 'a@b.co', working: 'NA',
  };
  it('upper-cases the branch and needs the working fields only for yes and no', () => {
    expect(ZAlumniRegistration.parse(base).branch).toBe('CSE');
    const yes = ZAlumniRegistration.safeParse({ ...base, working: 'yes' });
    expect(yes.error?.issues.map((i) => i.path[0])).toEqual(['companyName', 'jobTitle', 'workAddress']);
    const no = ZAlumniRegistration.safeParse({ ...base, working: 'no' });
    expect(no.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['instituteName', MSG.requiredStar], ['courseName', MSG.requiredStar], ['eduAddress', MSG.requiredStar],
    ]);
  });
  it('"no" clears the company and "NA" both sets of fields', () => {
    const no = applyWorkingChoice(ZAlumniRegistration.parse({ ...base, working: 'no', company: 'X', companyName: 'X', instituteName: 'I', courseName: 'C', eduAddress: 'E' }));
    expect(no).toMatchObject({ company: '', companyName: '', instituteName: 'I' });
    const na = applyWorkingChoice(ZAlumniRegistration.parse({ ...base, companyName: 'X', instituteName: 'I' }));
    expect(na).toMatchObject({ companyName: '', instituteName: '' });
  });
});
