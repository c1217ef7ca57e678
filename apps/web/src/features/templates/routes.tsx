import { Navigate, type RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { RegisterTemplate } from './RegisterTemplate';
import { ResetTemplate } from './ResetTemplate';
import { SignInTemplate } from './SignInTemplate';

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
