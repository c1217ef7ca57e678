import type { ComponentType } from 'react';
import type { AppSlots } from '../components/slots';
import { dashboardWidgets as admissions } from '../features/admissions/widgets';
import { dashboardWidgets as results } from '../features/results/widgets';
import { dashboardWidgets as payments } from '../features/payments/widgets';
import { dashboardWidgets as alumni } from '../features/alumni/widgets';
import { dashboardWidgets as faculty } from '../features/faculty/widgets';
import { dashboardWidgets as logins } from '../features/logins/widgets';
import { dashboardWidgets as registration, SignUpView } from '../features/registration/widgets';
import { dashboardWidgets as account } from '../features/account/widgets';
import { dashboardWidgets as decrypt } from '../features/decrypt/widgets';

function merge(...sources: Array<Record<string, ComponentType[]>>) {
  const out: Record<string, ComponentType[]> = {};
  for (const s of sources) for (const [role, list] of Object.entries(s)) out[role] = [...(out[role] ?? []), ...list];
  return out;
}

export const appSlots: AppSlots = {
  SignUpView,
  dashboardWidgets: merge(admissions, results, payments, alumni, faculty, logins, registration, account, decrypt),
};
