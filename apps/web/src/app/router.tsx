import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes as home } from '../features/home/routes';
import { routes as auth } from '../features/auth/routes';
import { routes as dashboards } from '../features/dashboards/routes';
import { routes as staticPages } from '../features/static/routes';
import { routes as devtools } from '../features/devtools/routes';
import { routes as iqac } from '../features/iqac/routes';
import { routes as templates } from '../features/templates/routes';
import { routes as notFound } from '../features/notfound/routes';
import { routes as admissions } from '../features/admissions/routes';
import { routes as results } from '../features/results/routes';
import { routes as payments } from '../features/payments/routes';
import { routes as alumni } from '../features/alumni/routes';
import { routes as faculty } from '../features/faculty/routes';
import { routes as logins } from '../features/logins/routes';
import { routes as registrations } from '../features/registrations/routes';
import { routes as account } from '../features/account/routes';
import { routes as college } from '../features/college/routes';
import { routes as masters } from '../features/masters/routes';
import { routes as attendance } from '../features/attendance/routes';
import { routes as leave } from '../features/leave/routes';
import { routes as documents } from '../features/documents/routes';
import { routes as setup } from '../features/setup/routes';
import { routes as transport } from '../features/transport/routes';
import { routes as grievances } from '../features/grievances/routes';
import { routes as naac } from '../features/naac/routes';
import { routes as nirf } from '../features/nirf/routes';
import { routes as placements } from '../features/placements/routes';
import { routes as hostel } from '../features/hostel/routes';
import { routes as library } from '../features/library/routes';
import { routes as accounts } from '../features/accounts/routes';
import { routes as analytics } from '../features/analytics/routes';
import { routes as approvals } from '../features/approvals/routes';
import { routes as notifications } from '../features/notifications/routes';
import { routes as jobs } from '../features/jobs/routes';
import { routes as portal } from '../features/portal/routes';
import { routes as obe } from '../features/obe/routes';
import { routes as exams } from '../features/exams/routes';
import { routes as examDuties } from '../features/exams/duties/routes';
import { RootShell } from './RootShell';

/** Every route of the spec; each feature lists its own routes in features/<name>/routes.tsx. */
export const routes: RouteObject[] = [
  ...home,
  ...auth,
  ...dashboards,
  ...staticPages,
  ...devtools,
  ...iqac,
  ...templates,
  ...admissions,
  ...results,
  ...payments,
  ...alumni,
  ...faculty,
  ...logins,
  ...registrations,
  ...account,
  ...college,
  ...masters,
  ...attendance,
  ...leave,
  ...documents,
  ...setup,
  ...transport,
  ...grievances,
  ...naac,
  ...nirf,
  ...placements,
  ...hostel,
  ...library,
  ...accounts,
  ...analytics,
  ...approvals,
  ...notifications,
  ...jobs,
  ...portal,
  ...obe,
  ...exams,
  ...examDuties,
  // the two 404 fallbacks
  ...notFound,
];

/** Pages load their code on demand (lazy in each routes.tsx); the root shell shows the wait. */
export const createAppRouter = () => createBrowserRouter([{ element: <RootShell />, children: routes }]);
