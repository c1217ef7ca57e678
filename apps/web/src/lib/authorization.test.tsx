import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { ACCOUNTS_ROLES, ADMIN_ROLES, MSG, ROLES } from '@erp/shared';
import { QueryState } from '../components/QueryState';
import { ApiError } from './api-client';
import { Authorized, PageRoles, can, isNoPermission } from './authorization';
import { clearSession, saveSession, type SessionUser } from './session';

afterEach(() => {
  cleanup();
  clearSession();
});

const user = (roles: string[]): SessionUser => ({
  username: 'u',
  email: 'u@svec.edu.in',
  roles,
  program: '',
  instituteType: 'engineering',
  collegeId: 1,
  fullName: 'U',
});

const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);
const refused = new ApiError(403, MSG.noPermission, { message: MSG.noPermission });

describe('authorization', () => {
  it('can: any one of the allowed roles; nobody without a session', () => {
    expect(can(user([ROLES.ADMINISTRATION]), ADMIN_ROLES)).toBe(true);
    expect(can(user([ROLES.STUDENT, ROLES.ADMIN]), ROLES.ADMIN)).toBe(true);
    expect(can(user([ROLES.FACULTY]), ADMIN_ROLES)).toBe(false);
    expect(can(user([ROLES.FACULTY]), undefined)).toBe(true);
    expect(can(null, undefined)).toBe(false);
  });

  it('<Authorized> shows its children to the allowed; others the legacy sentence, who may open it and the way home', () => {
    saveSession(user([ROLES.FACULTY]), false);
    inRouter(
      <Authorized roles={ADMIN_ROLES}>
        <p>admin tools</p>
      </Authorized>,
    );
    expect(screen.queryByText('admin tools')).toBeNull();
    expect(screen.getByText(MSG.noPermission)).toBeTruthy();
    expect(screen.getByTestId('allowed-roles').textContent).toBe('This page is for the Admin or Administration roles. ');
    expect(screen.getByText('You are signed in as Faculty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My home page' }).getAttribute('href')).toBe('/app/Faculty/Dashboard');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();
    saveSession(user([ROLES.ADMIN]), false);
    inRouter(
      <Authorized roles={ADMIN_ROLES} fallback={null}>
        <p>admin tools</p>
      </Authorized>,
    );
    expect(screen.getByText('admin tools')).toBeTruthy();
  });

  it("turns the server's role refusal into the same message, with the page's roles, never a Retry", () => {
    saveSession(user([ROLES.HOSTEL_INCHARGE]), false);
    const query = { isPending: false, isError: true, error: refused, refetch: () => undefined };
    inRouter(
      <PageRoles roles={ACCOUNTS_ROLES}>
        <QueryState query={query}>never</QueryState>
      </PageRoles>,
    );
    expect(screen.getByText(MSG.noPermission)).toBeTruthy();
    expect(screen.getByTestId('allowed-roles').textContent).toBe(
      'This page is for the Accountant, Accounts Officer or Fee Payments roles. ',
    );
    expect(screen.getByRole('link', { name: 'My home page' }).getAttribute('href')).toBe('/app/Hostel/Hostel Management');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("leaves a rule's own 403 and other failures to the page's error, with Retry", () => {
    expect(isNoPermission(refused)).toBe(true);
    expect(isNoPermission(new ApiError(403, 'You may not approve your own proposal', {}))).toBe(false);
    expect(isNoPermission(new ApiError(500, MSG.noPermission, {}))).toBe(false);
    const query = { isPending: false, isError: true, error: new Error('The server did not answer.'), refetch: () => undefined };
    inRouter(<QueryState query={query}>never</QueryState>);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
