import { createContext, useContext, useEffect, type ComponentType } from 'react';

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

/**
 * The fills carry code from every feature, so they load only when a screen asks for them
 * (`load`), never with a public page's first paint; `loaded` tells "none" from "not yet".
 */
export interface SlotsState {
  slots: AppSlots;
  loaded: boolean;
  load: () => void;
}

export const SlotsContext = createContext<SlotsState>({ slots: { dashboardWidgets: {} }, loaded: true, load: () => {} });

/** The slots' fills; loads them unless `wanted` is false (e.g. until the Sign Up view opens). */
export function useSlots(wanted = true): AppSlots & { loaded: boolean } {
  const { slots, loaded, load } = useContext(SlotsContext);
  useEffect(() => {
    if (wanted) load();
  }, [wanted, load]);
  return { ...slots, loaded };
}

export function widgetsFor(slots: AppSlots, roles: readonly string[]): ComponentType[] {
  const seen = new Set<ComponentType>();
  for (const role of roles) for (const w of slots.dashboardWidgets[role] ?? []) seen.add(w);
  return [...seen];
}
