import { beyondReachMessage, roleBeyondReach } from '@erp/shared';
import { forbidden } from './errors.js';

/**
 * Refuses (403) an account action on a target holding a role the caller may not manage: one they
 * don't hold and that is not below their own (packages/shared/src/roles.ts, ROLE_RANK). Every path
 * that resets a password, creates a login, approves a registration or changes roles calls it.
 */
export function assertMayManage(
  caller: { roles: readonly string[] },
  target: { username: string; roles: readonly string[] },
  action: string,
): void {
  const role = roleBeyondReach(caller.roles, target.roles);
  if (role) throw forbidden(beyondReachMessage(action, target.username, role));
}
