import type { ComponentType } from 'react';
import { ADMIN_ROLES } from '@erp/shared';
import { PendingPanel } from './PendingPanel';
import { SignUpForm } from './SignUpForm';

/** The login page's Sign Up view (wired into appSlots.SignUpView). */
export const SignUpView: ComponentType<{ module: string }> = SignUpForm;

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = Object.fromEntries(ADMIN_ROLES.map((r) => [r, [PendingPanel]]));
