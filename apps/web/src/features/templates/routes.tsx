import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { getSessionUser } from '../../lib/session';

const RegisterTemplate = lazy(() => import('./RegisterTemplate').then((m) => ({ default: m.RegisterTemplate })));
const ResetTemplate = lazy(() => import('./ResetTemplate').then((m) => ({ default: m.ResetTemplate })));
const SignInTemplate = lazy(() => import('./SignInTemplate').then((m) => ({ default: m.SignInTemplate })));

/** A signed-in user changes the password on the account page; others ask for a reset link. */
function ResetLoginPassword() {
  return getSessionUser() ? <Navigate to={PATHS.resetPassword} replace /> : <ResetTemplate />;
}

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInTemplate /> },
  { path: '/sign-up', element: <RegisterTemplate /> },
  { path: '/reset-password', element: <ResetTemplate /> },
  { path: '/ForgotPassword', element: <ResetTemplate /> },
  { path: '/ResetLoginPassword', element: <ResetLoginPassword /> },
];
