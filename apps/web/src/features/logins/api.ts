import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateLoginsResponse,
  TCredentialsBatch,
  TFacultyLoginId,
  TLoginTarget,
  TResetPasswordResponse,
} from '@erp/shared';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const CREDENTIALS_KEY = ['logins', 'credentials'] as const;
export const usePendingCredentials = (enabled = true) =>
  useQuery({ queryKey: CREDENTIALS_KEY, queryFn: () => api.get<TCredentialsBatch[]>('rest', 'logins/credentials'), enabled });

/** Creates the missing student or faculty logins; the new credentials sheet appears in the list. */
export function useCreateLogins() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, by }: { target: TLoginTarget; by?: TFacultyLoginId }) =>
      target === 'student'
        ? api.post<TCreateLoginsResponse>('v1', 'createStudentLogins')
        : api.post<TCreateLoginsResponse>('v1', 'createFacultyLogins', undefined, { considerMailOrEmpcode: by }),
    onSettled: () => qc.invalidateQueries({ queryKey: CREDENTIALS_KEY }),
  });
}

/** Downloads a one-time credentials sheet; it is gone from the list afterwards (or on failure, if it expired). */
export function useDownloadCredentials() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (batch: TCredentialsBatch) =>
      downloadFile(
        'rest',
        `logins/credentials/${encodeURIComponent(batch.batchId)}`,
        `${batch.kind}-logins-${batch.createdAt.slice(0, 10)}.xlsx`,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: CREDENTIALS_KEY }),
  });
}

/** Sets a one-time password for a user who forgot theirs. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (username: string) => api.post<TResetPasswordResponse>('rest', 'logins/reset-password', { username }),
  });
