/** The page a signed-out visitor asked for, carried through the sign-in page and back. */
export const NEXT_PARAM = 'next';
export const SIGNED_OUT_REASON = 'Please sign in to open that page. You will be taken back to it after signing in.';

/** Only paths inside this app: "/…" but not "//host" or "/\host" (no open redirect). */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login') || value.startsWith('/api/')) return null;
  return value;
}

export const signInPathFor = (path: string) => `/login/erp?${NEXT_PARAM}=${encodeURIComponent(path)}`;

/** The sign-in page's reason parameter after the user changed their password (every session ended). */
export const REASON_PARAM = 'reason';
export const PASSWORD_CHANGED = 'password-changed';
export const signInAfterPasswordChange = (module: string) =>
  `/login/${encodeURIComponent(module)}?${REASON_PARAM}=${PASSWORD_CHANGED}`;
