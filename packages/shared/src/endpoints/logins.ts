import { z } from 'zod';
import { binaryResponse } from '../common-schemas.js';
import {
  ZCreateFacultyLoginsRouteQuery,
  ZCreateLoginsResponse,
  ZCredentialsBatch,
  ZResetPasswordBody,
  ZResetPasswordResponse,
} from '../logins-schemas.js';
import { defineEndpoint as e } from './define.js';

const L = '/api/logins';

/**
 * Login creation's one-time credentials sheets and the admin's password reset. createStudentLogins
 * and createFacultyLogins are the legacy contract's, registered by hand in logins.routes.ts with
 * these same schemas.
 */
export const loginEndpoints = {
  credentials: e({ method: 'GET', path: `${L}/credentials`, response: z.array(ZCredentialsBatch) }),
  credentialsSheet: e({
    method: 'GET',
    path: `${L}/credentials/:batchId`,
    params: z.object({ batchId: z.string().min(1).max(64) }),
    response: binaryResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  resetPassword: e({ method: 'POST', path: `${L}/reset-password`, body: ZResetPasswordBody, response: ZResetPasswordResponse }),

  createStudentLogins: e({ method: 'POST', path: '/api/v1/createStudentLogins', response: ZCreateLoginsResponse }),
  /** a bad choice answers 400 { success: 'false', msg } (the handler checks the query) */
  createFacultyLogins: e({
    method: 'POST',
    path: '/api/v1/createFacultyLogins',
    query: ZCreateFacultyLoginsRouteQuery,
    response: ZCreateLoginsResponse,
  }),
};
