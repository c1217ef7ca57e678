import type { TSignInResponse } from '@erp/shared';

/**
 * The signed-in user lives in the `erpUser` cookie (1 day), as in the legacy portal; `remember`
 * is set too when the user ticks remember-me. Logout removes both and the stored module/screen.
 * The cookie holds the sign-in response; older cookies may lack mustChangePassword.
 */
export type SessionUser = Omit<TSignInResponse, 'mustChangePassword'> & { mustChangePassword?: boolean };

const DAY_SECONDS = 24 * 60 * 60;
export const SESSION_COOKIE = 'erpUser';
export const REMEMBER_COOKIE = 'remember';
export const STORED_MODULE_KEY = 'activeModule';
export const STORED_SCREEN_KEY = 'activeScreen';

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
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveSession(user: SessionUser, remember: boolean) {
  setCookie(SESSION_COOKIE, JSON.stringify(user));
  if (remember) setCookie(REMEMBER_COOKIE, 'true');
}

export function clearSession() {
  setCookie(SESSION_COOKIE, '', 0);
  setCookie(REMEMBER_COOKIE, '', 0);
  localStorage.removeItem(STORED_MODULE_KEY);
  localStorage.removeItem(STORED_SCREEN_KEY);
  sessionStorage.removeItem(STORED_MODULE_KEY);
  sessionStorage.removeItem(STORED_SCREEN_KEY);
}
