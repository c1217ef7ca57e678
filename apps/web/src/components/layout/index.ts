export { AppLayout } from './LazyAppLayout';
export { RequireSession } from './RequireSession';
export { menuFor, pageRoles, roleLabel } from './menu-tree';
export type { MenuGroup, MenuChild, MenuTitle } from './menu-tree';
export { useLogout } from './useLogout';
export { SIDEBAR_WIDTH } from './Sidebar';
