import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLE_RANK, ROLES, beyondReachMessage, mayManageAccount, roleBeyondReach } from './roles.js';

describe('ROLE_RANK', () => {
  it('ranks every role, and the admin alone at the top', () => {
    for (const role of ALL_ROLES) expect(ROLE_RANK[role], role).toBeTypeOf('number');
    expect(Object.keys(ROLE_RANK).sort()).toEqual([...ALL_ROLES].sort());
    const others = ALL_ROLES.filter((r) => r !== ROLES.ADMIN).map((r) => ROLE_RANK[r]);
    expect(Math.max(...others)).toBeLessThan(ROLE_RANK.ROLE_ADMIN);
  });

  it('orders management, principal, office, HOD, faculty and students', () => {
    const order = [ROLES.CHAIRMAN, ROLES.PRINCIPAL, ROLES.DEAN, ROLES.ADMINISTRATION, ROLES.HOD, ROLES.ACCOUNTANT, ROLES.FACULTY, ROLES.STUDENT];
    const ranks = order.map((r) => ROLE_RANK[r]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(new Set(ranks).size).toBe(order.length);
    expect(ROLE_RANK.ROLE_ACCOUNTANTS_OFFICER).toBe(ROLE_RANK.ROLE_ADMINISTRATION);
  });
});

describe('roleBeyondReach', () => {
  it('lets the admin manage every account, another admin included', () => {
    expect(roleBeyondReach([ROLES.ADMIN], [ROLES.ADMIN])).toBeUndefined();
    expect(roleBeyondReach([ROLES.ADMIN], [ROLES.CHAIRMAN, ROLES.PRINCIPAL])).toBeUndefined();
  });

  it('keeps the admin account from everyone else, whatever else they hold', () => {
    for (const caller of [[ROLES.ADMINISTRATION], [ROLES.PRINCIPAL], [ROLES.ACCOUNTANTS_OFFICER], [ROLES.CHAIRMAN, ROLES.DIRECTOR]]) {
      expect(roleBeyondReach(caller, [ROLES.ADMIN]), caller.join()).toBe(ROLES.ADMIN);
    }
  });

  it('keeps a higher or equal role out of reach unless the caller holds it', () => {
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.PRINCIPAL])).toBe(ROLES.PRINCIPAL);
    // Peers: the office cannot take over the accounts officer.
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.ACCOUNTANTS_OFFICER])).toBe(ROLES.ACCOUNTANTS_OFFICER);
    // Holding the role itself is enough.
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.ADMINISTRATION])).toBeUndefined();
    // Every one of the target's roles counts: a faculty member who is also an exam officer.
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.FACULTY, ROLES.EXAMINATION])).toBe(ROLES.EXAMINATION);
  });

  it('lets a caller manage roles strictly below their highest one', () => {
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.HOD, ROLES.FACULTY])).toBeUndefined();
    expect(roleBeyondReach([ROLES.ADMINISTRATION], [ROLES.STUDENT])).toBeUndefined();
    expect(roleBeyondReach([ROLES.FACULTY, ROLES.PRINCIPAL], [ROLES.DEAN])).toBeUndefined();
    expect(mayManageAccount([ROLES.HOD], [ROLES.FACULTY])).toBe(true);
    expect(mayManageAccount([ROLES.FACULTY], [ROLES.HOD])).toBe(false);
  });

  it('treats an unknown role as the admin\'s, and a caller with no known role as able to manage nothing', () => {
    expect(roleBeyondReach([ROLES.PRINCIPAL], ['ROLE_SUPERUSER'])).toBe('ROLE_SUPERUSER');
    expect(roleBeyondReach(['ROLE_SUPERUSER'], [ROLES.STUDENT])).toBe(ROLES.STUDENT);
    expect(roleBeyondReach([], [ROLES.PARENT])).toBe(ROLES.PARENT);
  });
});

describe('beyondReachMessage', () => {
  it('names the account and the role in words', () => {
    expect(beyondReachMessage('reset the password of', 'admin', ROLES.ADMIN)).toBe(
      'You may not reset the password of admin: only an Admin may manage an Admin account.',
    );
    expect(beyondReachMessage('approve the registration of', 'sridevi', ROLES.ACCOUNTANTS_OFFICER)).toBe(
      "You may not approve the registration of sridevi: the Accountants Officer role is above yours or equal to it, and you don't hold it.",
    );
  });
});
