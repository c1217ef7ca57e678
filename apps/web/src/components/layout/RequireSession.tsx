import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getSessionUser } from '../../lib/session';
import { signInPathFor } from '../../lib/return-to';

/**
 * Protected routes need the erpUser cookie. Without it the visitor goes to the sign-in page, which
 * says why and brings them back to the page they asked for once signed in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getSessionUser()) return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
