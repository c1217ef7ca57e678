import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@erp/shared';
import { api, ApiError } from './api-client';
import { clearSession, getSessionUser, saveSession, type SessionUser } from './session';

const user: SessionUser = {
  username: 'librarian',
  email: 'librarian@svec.edu.in',
  roles: ['ROLE_LIBRARIAN'],
  program: '',
  instituteType: 'engineering',
  collegeId: 1,
  fullName: 'Library Head',
};

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('api client', () => {
  it("sends the session cookie (no token from script) and throws the server's message", async () => {
    saveSession(user, false);
    const fetchMock = answer(403, { message: MSG.noPermission });
    vi.stubGlobal('fetch', fetchMock);
    const failure = await api.get('rest', 'dashboard/summary').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(MSG.noPermission);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({});
    expect(getSessionUser()?.username).toBe('librarian');
  });

  it('echoes the CSRF cookie in a header on writes only', async () => {
    saveSession(user, false);
    document.cookie = 'erp_csrf=csrf-value; path=/';
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('rest', 'library/holds', { titleId: 1 });
    await api.get('rest', 'dashboard/summary');
    const [, write] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, read] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(write.headers).toEqual({ 'content-type': 'application/json', 'x-csrf-token': 'csrf-value' });
    expect(read.headers).toEqual({});
    document.cookie = 'erp_csrf=; max-age=0; path=/';
  });

  it('signs out and goes home when the server says the session ended', async () => {
    saveSession(user, false);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal('fetch', answer(401, { message: MSG.sessionExpired }));
    await expect(api.get('rest', 'dashboard/summary')).rejects.toThrow(MSG.sessionExpired);
    expect(getSessionUser()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('keeps the session for a 401 that is not about it (a wrong password typed again)', async () => {
    saveSession(user, false);
    vi.stubGlobal('fetch', answer(401, { message: MSG.wrongCredentials }));
    await expect(api.post('auth', 'auth/signin', { username: 'x', password: 'y' })).rejects.toThrow(MSG.wrongCredentials);
    expect(getSessionUser()?.username).toBe('librarian');
  });
});
