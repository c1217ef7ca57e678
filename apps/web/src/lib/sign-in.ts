import { useMutation } from '@tanstack/react-query';
import { landingFor, PATHS, type TSignInResponse } from '@erp/shared';
import { api } from './api-client';
import { saveSession } from './session';

/** Signs in through the auth service and stores the session; returns where to go next. */
export async function signIn(username: string, password: string, remember: boolean): Promise<string> {
  const user = await api.post<TSignInResponse>(
    'auth',
    'auth/signin',
    { username, password, module: 'erp', domain: window.location.href },
    { module: 'admin' },
  );
  saveSession(user, remember);
  return nextPathAfterSignIn(user);
}

/** Sign-in as a mutation: resolves to the path to go to; the error is the server's message. */
export const useSignIn = () =>
  useMutation({
    mutationFn: ({ username, password, remember }: { username: string; password: string; remember: boolean }) =>
      signIn(username, password, remember),
  });

export function nextPathAfterSignIn(user: Pick<TSignInResponse, 'roles' | 'mustChangePassword'>): string {
  return user.mustChangePassword ? PATHS.resetPassword : landingFor(user.roles);
}

export const moduleTitle = (module: string) => (module === 'erp' ? 'ERP' : module.charAt(0).toUpperCase() + module.slice(1));
