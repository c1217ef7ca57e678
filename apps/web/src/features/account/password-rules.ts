import { MSG, STRONG_PASSWORD } from '@erp/shared';

export type Field = 'oldpassword' | 'newPassword' | 'confirmPassword';
export type Errors = Partial<Record<Field, string>>;

/** Spec section 5, Password change: required, the strength rule, new ≠ old, confirm = new. */
export function validatePasswordChange(v: Record<Field, string>): Errors {
  const errors: Errors = {};
  for (const f of ['oldpassword', 'newPassword', 'confirmPassword'] as const) if (!v[f]) errors[f] = MSG.requiredField;
  if (v.newPassword && !STRONG_PASSWORD.test(v.newPassword)) errors.newPassword = MSG.fillAsPerInstructions;
  else if (v.newPassword && v.newPassword === v.oldpassword) errors.newPassword = MSG.newSameAsOld;
  if (v.confirmPassword && !STRONG_PASSWORD.test(v.confirmPassword)) errors.confirmPassword = MSG.fillAsPerInstructions;
  else if (v.confirmPassword && v.newPassword && v.confirmPassword !== v.newPassword) errors.confirmPassword = MSG.confirmNotMatched;
  return errors;
}
