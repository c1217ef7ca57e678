import { z } from 'zod';
import { ZRegistration } from '../auth-schemas.js';
import { ZMessage, ZStringList } from '../common-schemas.js';
import { ZPendingRegistration } from '../registration-schemas.js';
import { defineEndpoint as e } from './define.js';

const R = '/api/registrations';
const ZRegistrationId = z.object({ id: z.coerce.number().int().positive() });

/**
 * Self-registrations waiting for an admin's approval. The sign-up and its department list are the
 * legacy contract's (/api/auth-service), registered by hand in auth.routes.ts with these same schemas.
 */
export const registrationEndpoints = {
  pending: e({ method: 'GET', path: `${R}/pending`, response: z.array(ZPendingRegistration) }),
  approve: e({ method: 'POST', path: `${R}/:id/approve`, params: ZRegistrationId, response: ZMessage }),
  reject: e({ method: 'POST', path: `${R}/:id/reject`, params: ZRegistrationId, response: ZMessage }),

  signUp: e({ method: 'POST', path: '/api/auth-service/auth/signup', body: ZRegistration, response: ZMessage }),
  programs: e({ method: 'GET', path: '/api/auth-service/v1/getProgram', response: ZStringList }),
};
