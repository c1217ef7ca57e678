import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ALL_ROLES, LANDING_BY_ROLE, OBE_PATHS, ROLES } from '@erp/shared';
import { menuFor } from '../components/layout';
import { routes } from './router';

const FALLBACKS = ['/app/*', '*'];
/** The route a path opens, or null when only a 404 fallback takes it. */
function routeOf(path: string): string | null {
  const hit = matchRoutes(routes, path)?.at(-1)?.route.path;
  return hit && !FALLBACKS.includes(hit) ? hit : null;
}
const menuPaths = (roles: string[]) => menuFor(roles).flatMap((g) => g.children.flatMap((c) => c.titles.map((t) => t.path)));

describe('every office menu lists its pages', () => {
  it('leads only to pages that exist', () => {
    for (const role of ALL_ROLES) for (const path of menuPaths([role])) expect(routeOf(path), `${role} → ${path}`).not.toBeNull();
  });

  it('lists every signed-in page without a parameter for some role', () => {
    const landings = new Set(Object.values(LANDING_BY_ROLE));
    const inSomeMenu = new Set(ALL_ROLES.flatMap((r) => menuPaths([r])));
    const pages = routes
      .map((r) => r.path ?? '')
      .filter((p) => (p.startsWith('/app/') || p.startsWith(`${OBE_PATHS.home}/`)) && !p.includes(':') && !p.includes('*'))
      .filter((p) => !landings.has(p));
    const missing = pages.filter((p) => !inSomeMenu.has(p));
    expect(missing).toEqual([]);
  });

  it("gives the accountant the counter, concessions, vendors, reports and fee structures, and the admin's tools to the admin alone", () => {
    const titles = menuFor([ROLES.ACCOUNTANT])
      .find((g) => g.group === 'Accounts')!
      .children.flatMap((c) => c.titles.map((t) => t.title));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Fee Counter',
        'Scholarships and Waivers',
        'Vendor Payments',
        'Reports and Day Book',
        'Fee Structures',
      ]),
    );
    expect(menuPaths([ROLES.ADMINISTRATION]).some((p) => p.includes('Decrypt'))).toBe(false);
    expect(menuPaths([ROLES.ADMIN]).some((p) => p.includes('Decrypt'))).toBe(true);
  });
});
