import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ADMIN_ROLES, MSG, ROLES } from '@erp/shared';
import { Authorized, can } from './authorization';
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

describe('authorization', () => {
  it('can: any one of the allowed roles; nobody without a session', () => {
    expect(can(user([ROLES.ADMINISTRATION]), ADMIN_ROLES)).toBe(true);
    expect(can(user([ROLES.STUDENT, ROLES.ADMIN]), ROLES.ADMIN)).toBe(true);
    expect(can(user([ROLES.FACULTY]), ADMIN_ROLES)).toBe(false);
    expect(can(user([ROLES.FACULTY]), undefined)).toBe(true);
    expect(can(null, undefined)).toBe(false);
  });

  it('<Authorized> shows its children to the allowed and the no-permission message to others', () => {
    saveSession(user([ROLES.FACULTY]), false);
    render(
      <Authorized roles={ADMIN_ROLES}>
        <p>admin tools</p>
      </Authorized>,
    );
    expect(screen.queryByText('admin tools')).toBeNull();
    expect(screen.getByText(MSG.noPermission)).toBeTruthy();
    cleanup();
    saveSession(user([ROLES.ADMIN]), false);
    render(
      <Authorized roles={ADMIN_ROLES} fallback={null}>
        <p>admin tools</p>
      </Authorized>,
    );
    expect(screen.getByText('admin tools')).toBeTruthy();
  });
});
