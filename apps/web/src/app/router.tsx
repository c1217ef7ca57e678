import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes as home } from '../features/home/routes';
import { routes as login } from '../features/login/routes';
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
import { routes as registration } from '../features/registration/routes';
import { routes as account } from '../features/account/routes';
import { routes as decrypt } from '../features/decrypt/routes';

/** Every route of the spec; each feature lists its own routes in features/<name>/routes.tsx. */
export const routes: RouteObject[] = [
  ...home,
  ...login,
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
  ...registration,
  ...account,
  ...decrypt,
  // the two 404 fallbacks
  ...notFound,
];

export const createAppRouter = () => createBrowserRouter(routes);
