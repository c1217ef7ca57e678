import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { MSG, type Role } from '@erp/shared';
import { getSessionUser } from './session';

/**
 * The one role check of the web app. Role groups come from @erp/shared (ADMIN_ROLES,
 * ADMISSION_ROLES, ...), the same lists the API's `config.access` uses, so a screen and its calls
 * agree. The server still decides: this only hides what the user could not use.
 *
 *   can(user, ADMIN_ROLES)                 // in code
 *   <Authorized roles={EXAM_ROLES}>…</Authorized>   // around a page or a button
 */
export type AllowedRoles = Role | readonly Role[] | undefined;

/** Whether the user holds one of the allowed roles; `undefined` allows every signed-in user. */
export function can(user: { roles: readonly string[] } | null | undefined, allowed: AllowedRoles): boolean {
  if (!user) return false;
  if (allowed === undefined) return true;
  const list: readonly string[] = typeof allowed === 'string' ? [allowed] : allowed;
  return user.roles.some((r) => list.includes(r));
}

/** can() for the signed-in user (read from the session cookie). */
export const useCan = (allowed: AllowedRoles) => can(getSessionUser(), allowed);

/**
 * Shows `children` to a user with one of `roles`; others see `fallback` (by default the spec's
 * 'no permission' message; pass `fallback={null}` to show nothing).
 */
export function Authorized({ roles, fallback, children }: { roles: AllowedRoles; fallback?: ReactNode; children: ReactNode }) {
  if (useCan(roles)) return <>{children}</>;
  return <>{fallback === undefined ? <Alert severity="warning">{MSG.noPermission}</Alert> : fallback}</>;
}
