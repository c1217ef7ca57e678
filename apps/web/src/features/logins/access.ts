import { ADMIN_ROLES } from '@erp/shared';
import { getSessionUser } from '../../lib/session';

export const isAdmin = () => (getSessionUser()?.roles ?? []).some((r) => (ADMIN_ROLES as string[]).includes(r));
