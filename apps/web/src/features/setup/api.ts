import { setupEndpoints as setup, type TSetup } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useSetupStatus = () => useEndpointQuery(setup.status);

export const useCompleteSetup = () => useEndpointMutation((body: TSetup) => callEndpoint(setup.complete, { body }));
