import { registrationEndpoints as registrations, type TRegistration } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const usePrograms = (enabled: boolean) => useEndpointQuery(registrations.programs, undefined, { enabled });

/** Self-registration: the account waits for an admin's approval (the pending list refreshes). */
export const useSignUp = () =>
  useEndpointMutation((payload: TRegistration) => callEndpoint(registrations.signUp, { body: payload }), {
    invalidates: [registrations.pending],
  });

export const usePending = () => useEndpointQuery(registrations.pending);

/** Approves or rejects a pending registration; the pending list and the dashboard count refresh, after a failure too. */
export const useDecide = () =>
  useEndpointMutation(
    ({ id, approve }: { id: number; approve: boolean }) =>
      callEndpoint(approve ? registrations.approve : registrations.reject, { params: { id } }),
    { invalidates: [registrations.pending], invalidateOnError: true },
  );
