import { ZChangePasswordResponse, ZChangePasswordRouteBody } from '../auth-schemas.js';
import { defineEndpoint as e } from './define.js';

/**
 * The auth service's password change (api-contract.md): registered by hand in auth.routes.ts with
 * these same schemas; a bad body answers 400 { status: 0, message, errors } (the handler checks it).
 */
export const authEndpoints = {
  changePassword: e({
    method: 'POST',
    path: '/api/auth-service/auth/resetUserPasswords',
    body: ZChangePasswordRouteBody,
    response: ZChangePasswordResponse,
  }),
};
