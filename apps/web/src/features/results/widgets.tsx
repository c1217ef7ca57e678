import type { ComponentType } from 'react';

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {};
