import {
  loginEndpoints as logins,
  type TCredentialsBatch,
  type TCreateLoginsResponse,
  type TFacultyLoginId,
  type TLoginTarget,
} from '@erp/shared';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const usePendingCredentials = (enabled = true) => useEndpointQuery(logins.credentials, undefined, { enabled });

/** Refreshed after a failure too: a sheet may have been made or gone meanwhile. */
const CREDENTIALS = { invalidates: [logins.credentials], invalidateOnError: true };

/**
 * Creates the missing student or faculty logins; the new credentials sheet appears in the list.
 * createFacultyLogins stays typed by hand: its legacy route checks the query itself, with a schema of its own.
 */
export const useCreateLogins = () =>
  useEndpointMutation(
    ({ target, by }: { target: TLoginTarget; by?: TFacultyLoginId }) =>
      target === 'student'
        ? callEndpoint(logins.createStudentLogins)
        : api.post<TCreateLoginsResponse>('v1', 'createFacultyLogins', undefined, { considerMailOrEmpcode: by }),
    CREDENTIALS,
  );

/** Downloads a one-time credentials sheet; it is gone from the list afterwards (or on failure, if it expired). */
export const useDownloadCredentials = () =>
  useEndpointMutation(
    async (batch: TCredentialsBatch) =>
      saveBlob(
        await fetchEndpointFile(logins.credentialsSheet, { params: { batchId: batch.batchId } }),
        `${batch.kind}-logins-${batch.createdAt.slice(0, 10)}.xlsx`,
      ),
    CREDENTIALS,
  );

/** Sets a one-time password for a user who forgot theirs. */
export const useResetPassword = () =>
  useEndpointMutation((username: string) => callEndpoint(logins.resetPassword, { body: { username } }));
