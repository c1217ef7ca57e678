import type { TSignInResponse } from '@erp/shared';

/**
 * The signed-in user lives in the `erpUser` cookie (1 day), as in the legacy portal; `remember`
 * is set too when the user ticks remember-me. Logout removes both and the stored module/screen.
 * The cookie holds the sign-in response WITHOUT its token: the session itself is the server's
 * HttpOnly cookie, which page scripts cannot read; writes echo the readable CSRF cookie in a
 * header. Older cookies may lack mustChangePassword.
 */
export type SessionUser = Omit<TSignInResponse, 'mustChangePassword' | 'token'> & { mustChangePassword?: boolean };

const DAY_SECONDS = 24 * 60 * 60;
export const SESSION_COOKIE = 'erpUser';
export const REMEMBER_COOKIE = 'remember';
/** set by the server at sign-in, readable, echoed in the x-csrf-token header of every write */
export const CSRF_COOKIE = 'erp_csrf';
export const STORED_MODULE_KEY = 'activeModule';
export const STORED_SCREEN_KEY = 'activeScreen';

/** the Developer Options server address, as in api-client (which imports this file) */
function origin(): string {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('serverAddress') : null;
  return (stored ?? '').replace(/\/+$/, '');
}

function setCookie(name: string, value: string, maxAge = DAY_SECONDS) {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=lax`;
}

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function getSessionUser(): SessionUser | null {
  const raw = readCookie(SESSION_COOKIE);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser & { token?: unknown };
    // A cookie from before the HttpOnly session held the token: keep it out of script's reach.
    if ('token' in user) {
      const { token: _dropped, ...rest } = user;
      setCookie(SESSION_COOKIE, JSON.stringify(rest));
      return rest;
    }
    return user;
  } catch {
    return null;
  }
}

export function csrfToken(): string | null {
  return readCookie(CSRF_COOKIE);
}

/** Keeps the user's details for the screens; the token stays in the server's HttpOnly cookie. */
export function saveSession(user: SessionUser & { token?: string }, remember: boolean) {
  const { token: _token, ...details } = user;
  setCookie(SESSION_COOKIE, JSON.stringify(details));
  if (remember) setCookie(REMEMBER_COOKIE, 'true');
}

/** Asks the server to clear its HttpOnly session cookie (script cannot). */
export function endServerSession() {
  if (typeof fetch !== 'function') return;
  void fetch(`${origin()}/api/auth/signout`, { method: 'POST', credentials: 'include' }).catch(() => undefined);
}

/** Clears the session here and on the server. */
export function clearSession() {
  endServerSession();
  setCookie(SESSION_COOKIE, '', 0);
  setCookie(REMEMBER_COOKIE, '', 0);
  localStorage.removeItem(STORED_MODULE_KEY);
  localStorage.removeItem(STORED_SCREEN_KEY);
  sessionStorage.removeItem(STORED_MODULE_KEY);
  sessionStorage.removeItem(STORED_SCREEN_KEY);
}
