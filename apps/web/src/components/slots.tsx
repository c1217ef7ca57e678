import { createContext, useContext, type ComponentType } from 'react';

/**
 * Places where one feature's UI shows inside another's screen, filled by app/slots.tsx so that
 * no feature imports another: the login page's Sign Up view and the role dashboards' panels.
 */
export interface AppSlots {
  /** Registration view shown by the login page's Sign Up toggle. */
  SignUpView?: ComponentType<{ module: string }>;
  /** Extra dashboard panels, by role (e.g. the student's fees due). */
  dashboardWidgets: Record<string, ComponentType[]>;
}

export const SlotsContext = createContext<AppSlots>({ dashboardWidgets: {} });
export const useSlots = () => useContext(SlotsContext);

export function widgetsFor(slots: AppSlots, roles: readonly string[]): ComponentType[] {
  const seen = new Set<ComponentType>();
  for (const role of roles) for (const w of slots.dashboardWidgets[role] ?? []) seen.add(w);
  return [...seen];
}
