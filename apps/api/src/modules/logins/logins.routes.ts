import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES, MSG, ZCreateFacultyLoginsQuery, ZResetPasswordBody } from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { MIME_BY_TYPE } from '../../lib/file-type.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './logins.service.js';

/** The legacy screen had no guard; here only the admin roles may create logins. */
export default async function loginsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const access = { access: ADMIN_ROLES };

  app.post(`${V1}/createStudentLogins`, { config: access }, async (req) =>
    service.createStudentLogins(app.db, req.college, requireUser(req.user)),
  );

  app.post(`${V1}/createFacultyLogins`, { config: access }, async (req, reply) => {
    const parsed = ZCreateFacultyLoginsQuery.safeParse(req.query);
    if (!parsed.success) {
      return reply.status(400).send({ success: 'false', msg: MSG.selectEmailOrEmpCode, message: MSG.selectEmailOrEmpCode });
    }
    return service.createFacultyLogins(app.db, req.college, requireUser(req.user), parsed.data.considerMailOrEmpcode);
  });

  app.get(`${API}/logins/credentials`, { config: access }, async (req) => service.pendingCredentials(app.db, req.college.id));

  app.get(
    `${API}/logins/credentials/:batchId`,
    { config: access, schema: { params: z.object({ batchId: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      const { workbook, fileName } = await service.downloadCredentials(app.db, req.college.id, req.params.batchId);
      return reply
        .type(MIME_BY_TYPE.xlsx)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  );

  app.post(`${API}/logins/reset-password`, { config: access, schema: { body: ZResetPasswordBody } }, async (req, reply) =>
    reply.header('cache-control', 'no-store').send(await service.resetPassword(app.db, req.college, requireUser(req.user), req.body.username)),
  );
}
