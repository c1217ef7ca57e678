import { MSG, type TCreateLoginsResponse, type TLoginTarget } from '@erp/shared';
import { ApiError } from '../../lib/api-client';

export type Outcome = { ok: boolean; text: string };

/** Spec section 8: msg, else the failure default; an exception gives the error text of each kind. */
export function outcomeOf(target: TLoginTarget, result: TCreateLoginsResponse | null, err?: unknown): Outcome {
  const failed = target === 'student' ? MSG.studentLoginFailed : MSG.facultyLoginFailed;
  if (err !== undefined) {
    const body = err instanceof ApiError ? (err.body as Partial<TCreateLoginsResponse> | null) : null;
    if (body && typeof body === 'object' && body.msg) return { ok: false, text: body.msg };
    if (err instanceof ApiError && err.status < 500 && err.message) return { ok: false, text: err.message };
    return { ok: false, text: target === 'student' ? MSG.studentLoginError : MSG.facultyLoginError };
  }
  if (result?.success === 'true') return { ok: true, text: result.msg || (target === 'faculty' ? MSG.facultyLoginCreated : '') };
  return { ok: false, text: result?.msg || failed };
}
