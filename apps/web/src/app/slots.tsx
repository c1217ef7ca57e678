import type { ComponentType } from 'react';
import type { AppSlots } from '../components/slots';
import { dashboardWidgets as admissions } from '../features/admissions/slots';
import { dashboardWidgets as results } from '../features/results/slots';
import { dashboardWidgets as payments } from '../features/payments/slots';
import { dashboardWidgets as alumni } from '../features/alumni/slots';
import { dashboardWidgets as faculty } from '../features/faculty/slots';
import { dashboardWidgets as logins } from '../features/logins/slots';
import { dashboardWidgets as registrations, SignUpView } from '../features/registrations/slots';
import { dashboardWidgets as account } from '../features/account/slots';
import { dashboardWidgets as college } from '../features/college/slots';
import { dashboardWidgets as transport } from '../features/transport/slots';
import { dashboardWidgets as grievances } from '../features/grievances/slots';
import { dashboardWidgets as quality } from '../features/naac/slots';
import { dashboardWidgets as placements } from '../features/placements/slots';
import { dashboardWidgets as hostel } from '../features/hostel/slots';
import { dashboardWidgets as library } from '../features/library/slots';
import { dashboardWidgets as accounts } from '../features/accounts/slots';
import { dashboardWidgets as masters } from '../features/masters/slots';
import { dashboardWidgets as attendance } from '../features/attendance/slots';
import { dashboardWidgets as leave } from '../features/leave/slots';
import { dashboardWidgets as portal } from '../features/portal/slots';
import { dashboardWidgets as obe } from '../features/obe/slots';
import { dashboardWidgets as analytics } from '../features/analytics/slots';
import { dashboardWidgets as approvals } from '../features/approvals/slots';
import { dashboardWidgets as exams } from '../features/exams/slots';
import { dashboardWidgets as examDuties } from '../features/exams/duties/slots';

/**
 * What the features show inside other screens: each lists its fills in features/<name>/slots.tsx
 * (`dashboardWidgets` by role, and the Sign Up view), as it lists its routes in routes.tsx.
 */
function merge(...sources: Array<Record<string, ComponentType[]>>) {
  const out: Record<string, ComponentType[]> = {};
  for (const s of sources) for (const [role, list] of Object.entries(s)) out[role] = [...(out[role] ?? []), ...list];
  return out;
}

export const appSlots: AppSlots = {
  SignUpView,
  // The order a dashboard shows them in: the day's work first (a student's fees, attendance and
  // timetable; an office's queue), the admin's account tools last.
  dashboardWidgets: merge(
    approvals, analytics, accounts, payments, attendance, masters, admissions, exams, examDuties, results, transport, hostel, library,
    placements, grievances, leave, portal, obe, quality, faculty, alumni, registrations, logins,
    account, college,
  ),
};
