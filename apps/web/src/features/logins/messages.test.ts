import { describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { outcomeOf } from './messages';

describe('outcomeOf (spec section 8, login creation)', () => {
  it('shows msg on success, with the faculty default when msg is empty', () => {
    expect(outcomeOf('student', { success: 'true', msg: 'Created 3 student logins.' })).toEqual({
      ok: true,
      text: 'Created 3 student logins.',
    });
    expect(outcomeOf('faculty', { success: 'true', msg: '' })).toEqual({ ok: true, text: MSG.facultyLoginCreated });
  });
  it('shows msg, else the failure default, when success is not true', () => {
    expect(outcomeOf('student', { success: 'false', msg: 'Busy' })).toEqual({ ok: false, text: 'Busy' });
    expect(outcomeOf('student', { success: 'false', msg: '' })).toEqual({ ok: false, text: MSG.studentLoginFailed });
    expect(outcomeOf('faculty', null)).toEqual({ ok: false, text: MSG.facultyLoginFailed });
  });
  it('on an error: the body msg, the refusal message, else the error text of each kind', () => {
    const refused = new ApiError(400, MSG.selectEmailOrEmpCode, { success: 'false', msg: MSG.selectEmailOrEmpCode });
    expect(outcomeOf('faculty', null, refused).text).toBe(MSG.selectEmailOrEmpCode);
    expect(outcomeOf('student', null, new ApiError(403, MSG.noPermission, { message: MSG.noPermission })).text).toBe(
      MSG.noPermission,
    );
    expect(outcomeOf('student', null, new TypeError('Failed to fetch')).text).toBe(MSG.studentLoginError);
    expect(outcomeOf('faculty', null, new ApiError(500, 'Something went wrong on the server', {})).text).toBe(
      MSG.facultyLoginError,
    );
  });
});
