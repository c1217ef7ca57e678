import { createBrowserRouter, type RouteObject } from 'react-router';
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
  { path: '/', element: <p>College ERP portal</p> },
  ...admissions,
  ...results,
  ...payments,
  ...alumni,
  ...faculty,
  ...logins,
  ...registration,
  ...account,
  ...decrypt,
];

export const createAppRouter = () => createBrowserRouter(routes);
