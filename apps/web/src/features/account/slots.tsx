import type { ComponentType } from 'react';

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = {};
