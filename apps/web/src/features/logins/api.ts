import { useQuery } from '@tanstack/react-query';
import type { TCreateLoginsResponse, TCredentialsBatch, TFacultyLoginId, TResetPasswordResponse } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const CREDENTIALS_KEY = ['logins', 'credentials'] as const;
export const usePendingCredentials = (enabled = true) =>
  useQuery({ queryKey: CREDENTIALS_KEY, queryFn: () => api.get<TCredentialsBatch[]>('rest', 'logins/credentials'), enabled });

export const createStudentLogins = () => api.post<TCreateLoginsResponse>('v1', 'createStudentLogins');
export const createFacultyLogins = (by: TFacultyLoginId) =>
  api.post<TCreateLoginsResponse>('v1', 'createFacultyLogins', undefined, { considerMailOrEmpcode: by });

/** Fetches the one-time sheet and hands it to the browser as a file. */
export async function downloadCredentials(batch: TCredentialsBatch) {
  const blob = await apiRequest<Blob>('rest', `logins/credentials/${encodeURIComponent(batch.batchId)}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${batch.kind}-logins-${batch.createdAt.slice(0, 10)}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const resetPassword = (username: string) => api.post<TResetPasswordResponse>('rest', 'logins/reset-password', { username });
