import { createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { MSG, landingFor, roleDisplayName, type Role } from '@erp/shared';
import { ApiError } from './api-client';
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

const asList = (allowed: Role | readonly Role[]): readonly string[] => (typeof allowed === 'string' ? [allowed] : allowed);

/** Whether the user holds one of the allowed roles; `undefined` allows every signed-in user. */
export function can(user: { roles: readonly string[] } | null | undefined, allowed: AllowedRoles): boolean {
  if (!user) return false;
  if (allowed === undefined) return true;
  const list = asList(allowed);
  return user.roles.some((r) => list.includes(r));
}

/** can() for the signed-in user (read from the session cookie). */
export const useCan = (allowed: AllowedRoles) => can(getSessionUser(), allowed);

/**
 * Who may open the page being shown, when the shell knows (the layout sets it from the menu), so a
 * refusal from the server can say it too.
 */
const PageRolesContext = createContext<readonly Role[] | undefined>(undefined);

export function PageRoles({ roles, children }: { roles: readonly Role[] | undefined; children: ReactNode }) {
  return <PageRolesContext.Provider value={roles}>{children}</PageRolesContext.Provider>;
}

/** The server's role refusal (the legacy 403 message), as opposed to a rule's own 403. */
export const isNoPermission = (e: unknown): boolean =>
  e instanceof ApiError && e.status === 403 && e.message === MSG.noPermission;

/** "Accountant, Accounts Officer or Fee Payments". */
export function rolesInWords(roles: readonly string[]): string {
  const names = [...new Set(roles.map(roleDisplayName))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * The refusal a person can act on: the legacy sentence (QA suites look for it), which roles open
 * the page, and the way to the user's own home page (trying again would only be refused again).
 */
export function NoPermission({ roles }: { roles?: AllowedRoles }) {
  const pageRoles = useContext(PageRolesContext);
  const allowed = roles === undefined ? pageRoles : asList(roles);
  const user = getSessionUser();
  return (
    <Alert severity="warning" data-testid="no-permission">
      <AlertTitle>{MSG.noPermission}</AlertTitle>
      {allowed && allowed.length > 0 ? (
        <span data-testid="allowed-roles">
          This page is for the {rolesInWords(allowed)} role{allowed.length > 1 ? 's' : ''}.{' '}
        </span>
      ) : (
        'Your role does not open this page. '
      )}
      {user && user.roles.length > 0 && <>You are signed in as {rolesInWords(user.roles)}.</>}
      <Box sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          component={RouterLink}
          to={landingFor(user?.roles ?? [])}
          startIcon={<HomeOutlined />}
        >
          My home page
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * Shows `children` to a user with one of `roles`; others see `fallback` (by default the spec's
 * 'no permission' message with who may open it; pass `fallback={null}` to show nothing).
 */
export function Authorized({ roles, fallback, children }: { roles: AllowedRoles; fallback?: ReactNode; children: ReactNode }) {
  if (useCan(roles)) return <>{children}</>;
  return <>{fallback === undefined ? <NoPermission roles={roles} /> : fallback}</>;
}
