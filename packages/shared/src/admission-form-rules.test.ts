import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { firstAdmissionError } from './admission-schemas.js';
import {
  longAadharBlur,
  longMobileBlur,
  longMobileInput,
  shortFormBlur,
  shortFormChange,
  shortFormMissingRequired,
} from './admission-form-rules.js';

describe('short admission form, on change', () => {
  it('refuses non-letters in text fields and keeps the old value', () => {
    expect(shortFormChange('name', 'Ravi Teja', 'Ravi Tej')).toEqual({ value: 'Ravi Teja', message: null });
    expect(shortFormChange('name', 'Ravi1', 'Ravi')).toEqual({ value: 'Ravi', message: MSG.pleaseEnterText });
    expect(shortFormChange('motherTongue', 'Telugu.', 'Telugu')).toEqual({ value: 'Telugu', message: MSG.pleaseEnterText });
  });

  it('numbers: positive, no leading zero; mobiles: up to 10 digits not starting 0', () => {
    expect(shortFormChange('rank', '012', '').message).toBe(MSG.validNumber);
    expect(shortFormChange('rank', '120', '12')).toEqual({ value: '120', message: null });
    expect(shortFormChange('studentContactNo', '0', '').message).toBe(MSG.mobileDigits);
    expect(shortFormChange('studentContactNo', '98765432101', '9876543210')).toEqual({
      value: '9876543210',
      message: MSG.mobileDigits,
    });
    expect(shortFormChange('landLineNumber', '0877-22', '')).toEqual({ value: '0877-22', message: null });
  });

  it('Aadhaar keeps digits only, at most 12, and says so', () => {
    expect(shortFormChange('aadharNo', '12a4', '12')).toEqual({ value: '124', message: MSG.adharDigits });
    expect(shortFormChange('aadharNo', '1234567890123', '')).toEqual({ value: '123456789012', message: MSG.adharDigits });
    expect(shortFormChange('aadharNo', '1234', '123')).toEqual({ value: '1234', message: null });
  });

  it('email on blur; required on save', () => {
    expect(shortFormBlur('emailId', 'ravi@')).toBe(MSG.validEmailAddress);
    expect(shortFormBlur('emailId', 'ravi@example.com')).toBeNull();
    expect(
      shortFormMissingRequired({
        name: 'A',
        courseAppliedFor: 'B.Tech',
        gender: 'MALE',
        batch: 'x',
        branch: 'CSE',
        aadharNo: '',
      }),
    ).toBe(MSG.fillAllRequired);
    expect(
      shortFormMissingRequired({
        name: 'A',
        courseAppliedFor: 'B.Tech',
        gender: 'MALE',
        batch: 'x',
        branch: 'CSE',
        aadharNo: '1',
      }),
    ).toBeNull();
  });

  it("uses the save payload's field names, so its values are the payload", () => {
    const form = { name: 'Ravi', courseAppliedFor: 'B.Tech', gender: 'MALE', batch: '2025-2029', branch: 'CSE', aadharNo: '' };
    expect(shortFormMissingRequired(form)).toBe(MSG.fillAllRequired);
    expect(
      firstAdmissionError({ ...form, aadharNo: '123412341234', admissionType: 'Direct', dateOfAdmission: '2026-07-01' }),
    ).toBeNull();
  });
});

describe('long admission form', () => {
  it('blur rules for Aadhaar and mobiles', () => {
    expect(longAadharBlur('1234')).toBe(MSG.invalidAadhaar);
    expect(longAadharBlur('123412341234')).toBeNull();
    expect(longMobileInput('98-76x543210999')).toBe('9876543210');
    expect(longMobileBlur('5876543210')).toBe(MSG.validMobile);
    expect(longMobileBlur('6876543210')).toBeNull();
  });

  it('submit checks come in the spec order', () => {
    const full = {
      dateOfAdmission: '2026-07-01',
      name: 'Ravi',
      admissionType: 'Direct',
      courseAppliedFor: 'B.Tech',
      branch: 'CSE',
      gender: 'MALE',
      aadharNo: '123412341234',
    };
    expect(firstAdmissionError(full)).toBeNull();
    const order: Array<[string, string]> = [
      ['dateOfAdmission', MSG.enterDateOfAdmission],
      ['name', MSG.enterFullName],
      ['admissionType', MSG.selectAdmissionType],
      ['courseAppliedFor', MSG.selectCourse],
      ['branch', MSG.selectBranch],
      ['gender', MSG.selectGender],
      ['aadharNo', MSG.enterAadhar],
    ];
    for (let i = 0; i < order.length; i++) {
      const broken = { ...full, ...Object.fromEntries(order.slice(i).map(([f]) => [f, ''])) };
      expect(firstAdmissionError(broken)).toBe(order[i][1]);
    }
    expect(firstAdmissionError({ ...full, aadharNo: '1234' })).toBe(MSG.aadharTwelveDigits);
  });
});
