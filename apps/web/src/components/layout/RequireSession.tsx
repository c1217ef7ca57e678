import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getSessionUser } from '../../lib/session';

/** Protected routes need the erpUser cookie; without it the visitor goes to '/'. */
export function RequireSession({ children }: { children: ReactNode }) {
  if (!getSessionUser()) return <Navigate to="/" replace />;
  return <>{children}</>;
}
