import { describe, expect, it } from 'vitest';
import { MSG, SHORT_FORM_REQUIRED } from '@erp/shared';
import { admissionFieldErrors, asFormErrors, emptyForm } from './admission-form';

describe('admissionFieldErrors', () => {
  it('gives every failing field its own legacy message at once, not only the first', () => {
    const values = { ...emptyForm(), name: 'Ravi7', aadharNo: '1234', courseAppliedFor: 'B.Tech' };
    const errors = admissionFieldErrors(values, SHORT_FORM_REQUIRED, MSG.fillAllRequired);
    // Left empty and required on the short form: gender, batch, branch.
    expect(errors.gender).toBe(MSG.fillAllRequired);
    expect(errors.batch).toBe(MSG.fillAllRequired);
    expect(errors.branch).toBe(MSG.fillAllRequired);
    // Filled but wrong: each with the schema's text, by its field.
    expect(errors.name).toBe(MSG.pleaseEnterText);
    expect(errors.aadharNo).toBe(MSG.aadharTwelveDigits);
    // Filled and right: no message.
    expect(errors.courseAppliedFor).toBeUndefined();
  });

  it('puts the form-level (first, spec-order) message under root beside the field messages', () => {
    const e = asFormErrors({ gender: MSG.selectGender, name: '' }, MSG.enterFullName);
    expect(e).toEqual({
      gender: { type: 'validate', message: MSG.selectGender },
      root: { type: 'validate', message: MSG.enterFullName },
    });
  });
});
