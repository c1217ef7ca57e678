import type { TChangePasswordResponse } from '@erp/shared';
import { api } from '../../lib/api-client';
import { useEndpointMutation } from '../../lib/endpoints';

/**
 * Changes the signed-in user's password (the server then ends every session of the account).
 * The legacy contract's call, typed by hand: its route checks the body itself, with a schema of its own.
 */
export const useChangePassword = () =>
  useEndpointMutation((body: { username: string; oldpassword: string; newPassword: string }) =>
    api.post<TChangePasswordResponse>('auth', 'auth/resetUserPasswords', body),
  );
