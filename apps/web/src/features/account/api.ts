import { authEndpoints as auth, type EndpointBody } from '@erp/shared';
import { callEndpoint, useEndpointMutation } from '../../lib/endpoints';

/**
 * Changes the signed-in user's password (the server then ends every session of the account).
 * A body that breaks the rules answers 400 with the reason (the route checks it itself).
 */
export const useChangePassword = () =>
  useEndpointMutation((body: EndpointBody<typeof auth.changePassword>) => callEndpoint(auth.changePassword, { body }));
