import type { ComponentType } from 'react';
import { ACCOUNTS_ROLES, ROLES } from '@erp/shared';
import { AccountsPanel } from './AccountsPanel';
import { StudentFeesPanel } from './StudentFeesPanel';

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.STUDENT]: [StudentFeesPanel],
  ...Object.fromEntries(ACCOUNTS_ROLES.map((r) => [r, [AccountsPanel]])),
};
