import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordResponse } from '@erp/shared';
import { api } from '../../lib/api-client';

/** Changes the signed-in user's password (the server then ends every session of the account). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { username: string; oldpassword: string; newPassword: string }) =>
      api.post<TChangePasswordResponse>('auth', 'auth/resetUserPasswords', body),
  });
