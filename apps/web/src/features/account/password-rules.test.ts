import { describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { validatePasswordChange } from './password-rules';

const v = (oldpassword: string, newPassword: string, confirmPassword: string) => validatePasswordChange({ oldpassword, newPassword, confirmPassword });

describe('password change rules (spec section 5)', () => {
  it('requires all three fields', () => {
    expect(v('', '', '')).toEqual({ oldpassword: MSG.requiredField, newPassword: MSG.requiredField, confirmPassword: MSG.requiredField });
  });
  it('needs 8+ characters with a digit, lower, upper and one of !@#$%^&*', () => {
    for (const weak of ['Short@1', 'nouppercase@1', 'NOLOWER@1', 'NoDigits@@', 'NoSpecial12']) {
      expect(v('Old@12345', weak, weak)).toEqual({ newPassword: MSG.fillAsPerInstructions, confirmPassword: MSG.fillAsPerInstructions });
    }
    expect(v('Old@12345', 'Better@1234', 'Better@1234')).toEqual({});
  });
  it('refuses the old password again and a confirm that differs', () => {
    expect(v('Same@1234', 'Same@1234', 'Same@1234')).toEqual({ newPassword: MSG.newSameAsOld });
    expect(v('Old@12345', 'Better@1234', 'Better@4321')).toEqual({ confirmPassword: MSG.confirmNotMatched });
  });
});
