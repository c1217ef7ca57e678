import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSessionUser, saveSession, STORED_MODULE_KEY, STORED_SCREEN_KEY, type SessionUser } from './session';

const user: SessionUser = {
  username: 'admin',
  email: 'admin@svec.edu.in',
  roles: ['ROLE_ADMIN'],
  program: '',
  instituteType: 'engineering',
  collegeId: 1,
  fullName: 'Ramesh Chandra',
};
const cookieNames = () => document.cookie.split('; ').filter(Boolean).map((c) => c.split('=')[0]);

afterEach(() => clearSession());

describe('session cookies', () => {
  it('stores the user in erpUser and sets remember only when asked', () => {
    saveSession(user, false);
    expect(getSessionUser()).toEqual(user);
    expect(cookieNames()).toContain('erpUser');
    expect(cookieNames()).not.toContain('remember');
    saveSession(user, true);
    expect(cookieNames()).toContain('remember');
  });

  it('logout removes both cookies and the stored module and screen', () => {
    saveSession(user, true);
    localStorage.setItem(STORED_MODULE_KEY, 'Admin');
    sessionStorage.setItem(STORED_SCREEN_KEY, 'Dashboard');
    clearSession();
    expect(getSessionUser()).toBeNull();
    expect(cookieNames()).not.toContain('erpUser');
    expect(cookieNames()).not.toContain('remember');
    expect(localStorage.getItem(STORED_MODULE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORED_SCREEN_KEY)).toBeNull();
  });

  it('never keeps the sign-in token where page scripts can read it', () => {
    saveSession({ ...user, token: 'secret-token' }, false);
    expect(document.cookie).not.toContain('secret-token');
    expect(getSessionUser()).toEqual(user);
    // a cookie written before the HttpOnly session is scrubbed on first read
    document.cookie = `erpUser=${encodeURIComponent(JSON.stringify({ ...user, token: 'old-token' }))}; path=/`;
    expect(getSessionUser()).toEqual(user);
    expect(document.cookie).not.toContain('old-token');
  });

  it('logout asks the server to clear its HttpOnly session cookie', () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    saveSession(user, false);
    clearSession();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/signout', { method: 'POST', credentials: 'include' });
    vi.unstubAllGlobals();
  });

  it('treats a damaged cookie as signed out', () => {
    document.cookie = 'erpUser=%7Bnot-json; path=/';
    expect(getSessionUser()).toBeNull();
  });
});
