import type { ComponentType } from 'react';
import { ADMIN_ROLES } from '@erp/shared';
import { DecryptPanel } from './DecryptPanel';

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = Object.fromEntries(ADMIN_ROLES.map((r) => [r, [DecryptPanel]]));
