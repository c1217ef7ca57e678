import type { TAppConfig } from '@erp/shared';
import type { Target } from './modules';

/** Props for a tile's link: router path for logins and app pages, a new tab for external links. */
export function targetProps(target: Target, links: TAppConfig['links'] | undefined): { to?: string; href?: string; external: boolean } {
  if ('login' in target) return { to: `/login/${target.login}`, external: false };
  if ('path' in target) return { to: target.path, external: false };
  return { href: links?.[target.external] || '#', external: true };
}
