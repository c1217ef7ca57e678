import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../app/providers';
import { RequireSession } from '../../components/layout';
import { LoginPage } from './LoginPage';

// The page's header lookups answer 404 here; the page must not depend on them.
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/login/:module', element: <LoginPage /> },
      { path: '/app/Admin', element: <RequireSession><p>secret</p></RequireSession> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('login page', () => {
  it('offers Sign Up for Admin but not for Student or Faculty', async () => {
    renderAt('/login/Admin');
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByLabelText('Show password')).toBeTruthy();
    cleanup();
    for (const m of ['Student', 'Faculty']) {
      renderAt(`/login/${m}`);
      expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
      cleanup();
    }
  }, 30_000);

  it('sends a visitor without the erpUser cookie from a protected route to sign in, saying why', async () => {
    renderAt('/app/Admin');
    expect(await screen.findByText('Please sign in to open that page. You will be taken back to it after signing in.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ERP Login' })).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  }, 30_000);

  it('after a password change tells the user to sign in again with the new password', async () => {
    renderAt('/login/erp?reason=password-changed');
    expect(await screen.findByText('Your password was changed. Sign in again with the new password.')).toBeTruthy();
    expect(screen.queryByText('Please sign in to open that page. You will be taken back to it after signing in.')).toBeNull();
  }, 30_000);
});
