import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ADMIN_ROLES, ZCreateLoginsResponse, ZErrorResponse, loginEndpoints as logins } from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { MIME_BY_TYPE } from '../../lib/file-type.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './logins.service.js';
import { contentDisposition } from '../../lib/downloads.js';

/** The legacy screen had no guard; here only the admin roles may create logins. */
export default async function loginsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const access = { access: ADMIN_ROLES };

  app.post(`${V1}/createStudentLogins`, { config: access, schema: { response: { 200: ZCreateLoginsResponse } } }, async (req) =>
    service.createStudentLogins(app.db, req.college, { user: requireUser(req.user), ip: req.ip }),
  );

  app.post(
    `${V1}/createFacultyLogins`,
    {
      config: access,
      schema: {
        querystring: logins.createFacultyLogins.query,
        response: {
          200: logins.createFacultyLogins.response,
          400: ZErrorResponse.describe('{ success: "false", msg, message }'),
        },
      },
      // The legacy answer to a bad choice is { success: 'false', msg }: the handler checks the query itself.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (req) => service.createFacultyLogins(app.db, req.college, { user: requireUser(req.user), ip: req.ip }, req.query),
  );

  route(app, logins.credentials, access, async (req) => service.pendingCredentials(app.db, req.college.id));

  route(app, logins.credentialsSheet, access, async (req, reply) => {
    const { workbook, fileName } = await service.downloadCredentials(app.db, req.college.id, req.params.batchId);
    return reply
      .type(MIME_BY_TYPE.xlsx)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'no-store')
      .send(workbook);
  });

  route(app, logins.resetPassword, access, async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await service.resetPassword(app.db, req.college, { user: requireUser(req.user), ip: req.ip }, req.body.username)),
  );
}
