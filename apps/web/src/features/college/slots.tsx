import type { ComponentType } from 'react';
import { ROLES } from '@erp/shared';
import { DecryptPanel } from './DecryptPanel';

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx): a developer's tool, so the admin's home alone. */
export const dashboardWidgets: Record<string, ComponentType[]> = { [ROLES.ADMIN]: [DecryptPanel] };
