import { loginEndpoints as logins, type TCredentialsBatch, type TFacultyLoginId } from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const usePendingCredentials = (enabled = true) => useEndpointQuery(logins.credentials, undefined, { enabled });

/** Refreshed after a failure too: a sheet may have been made or gone meanwhile. */
const CREDENTIALS = { invalidates: [logins.credentials], invalidateOnError: true };

/** What to create: the students' logins, or the faculty's by email or employee code. */
export type CreateLogins = { target: 'student' } | { target: 'faculty'; by: TFacultyLoginId };

/** Creates the missing student or faculty logins; the new credentials sheet appears in the list. */
export const useCreateLogins = () =>
  useEndpointMutation(
    (v: CreateLogins) =>
      v.target === 'student'
        ? callEndpoint(logins.createStudentLogins)
        : callEndpoint(logins.createFacultyLogins, { query: { considerMailOrEmpcode: v.by } }),
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
