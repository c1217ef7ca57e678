import { describe, expect, it } from 'vitest';
import { PATHS } from '@erp/shared';
import { menuFor, pageRoles, roleLabel } from './menu-tree';

const paths = (roles: string[]) => menuFor(roles).flatMap((g) => g.children.flatMap((c) => c.titles.map((t) => t.path)));

describe('menu tree by role', () => {
  it('gives the admin the admin tools and admissions', () => {
    const p = paths(['ROLE_ADMIN']);
    expect(p).toEqual(expect.arrayContaining([PATHS.createLogins, PATHS.pendingRegistrations, PATHS.decryptTool, PATHS.admissionForm]));
  });

  it('keeps admin tools and admissions away from a student, and drops empty groups', () => {
    const groups = menuFor(['ROLE_STUDENT']);
    expect(groups.map((g) => g.group)).toEqual(['Home', 'Examinations', 'Accounts', 'Academics', 'Library', 'Hostel', 'Portal', 'Grievances', 'Placements']);
    expect(paths(['ROLE_STUDENT'])).not.toContain(PATHS.createLogins);
    expect(paths(['ROLE_STUDENT'])).toContain(PATHS.examResults);
  });

  it("starts with the user's own landing page", () => {
    expect(menuFor(['ROLE_EXAMINATION'])[0].children[0].titles[0].path).toBe('/app/Examinations');
    expect(paths(['ROLE_EXAMINATION'])).toContain(PATHS.resultsEntry);
    expect(paths(['ROLE_ACCOUNTANT'])).toContain(PATHS.transactions);
    expect(paths(['ROLE_ACCOUNTANT'])).not.toContain(PATHS.resultsEntry);
  });

  it('shows a link only to roles whose calls the server allows', () => {
    expect(paths(['ROLE_ADMIN'])).not.toContain(PATHS.transactions);
    expect(paths(['ROLE_PRINCIPAL'])).not.toContain(PATHS.facultyPublications);
    expect(paths(['ROLE_HOD'])).toContain(PATHS.facultyPublications);
  });

  it('labels roles in words, the legacy misspelt code included', () => {
    expect(roleLabel('ROLE_LIBRARY_INCHARGE')).toBe('Library Incharge');
    expect(roleLabel('ROLE_PLACMENT_DEAN')).toBe('Placement Dean');
    expect(roleLabel(undefined)).toBe('');
  });

  it('knows who may open a page from its menu link', () => {
    expect(pageRoles('/app/accounts/counter')).toEqual(['ROLE_ACCOUNTANT', 'ROLE_ACCOUNTANTS_OFFICER', 'ROLE_FEEPAYMENTS']);
    expect(pageRoles('/app/Transport/Vehicles/')).toContain('ROLE_TRANSPORTATION_INCHARGE');
    expect(pageRoles('/app/Hostel/Buildings%20and%20Rooms')).toContain('ROLE_HOSTEL_INCHARGE');
    expect(pageRoles('/nowhere')).toBeUndefined();
  });
});
