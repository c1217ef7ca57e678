import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '@erp/shared';
import { clearSession, getSessionUser } from './session';
import { nextPathAfterSignIn, signIn } from './sign-in';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('sign-in', () => {
  it('goes to the landing page of the first role, or to the password change when required', () => {
    expect(nextPathAfterSignIn({ roles: ['ROLE_HOD', 'ROLE_FACULTY'], mustChangePassword: false })).toBe('/app/HOD Dashboard');
    expect(nextPathAfterSignIn({ roles: ['ROLE_PLACMENT_DEAN'], mustChangePassword: false })).toBe('/app/Placements/Company Placement');
    expect(nextPathAfterSignIn({ roles: ['ROLE_ADMIN'], mustChangePassword: true })).toBe(PATHS.resetPassword);
  });

  it('posts the contract body and stores the answer in the erpUser cookie', async () => {
    const answer = { username: 'examcell', roles: ['ROLE_EXAMINATION'], token: 'tok', mustChangePassword: false };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(signIn('examcell', 'Demo@1234', false)).resolves.toBe('/app/Examinations');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth-service/auth/signin?module=admin');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'examcell', password: 'Demo@1234', module: 'erp', domain: window.location.href });
    expect(getSessionUser()?.username).toBe('examcell');
    expect(document.cookie).not.toContain('tok');
  });

  it("fails with the server's message and stores nothing", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid username or password' }), { status: 401 })));
    await expect(signIn('admin', 'wrong', true)).rejects.toThrow('Invalid username or password');
    expect(getSessionUser()).toBeNull();
  });
});
