import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ADMISSION_ROLES,
  ONLINE_APPLICATION_MSG,
  ZApplicationAccepted,
  ZApplicationOptions,
  ZApplicationReceipt,
  ZApplicationRejected,
  ZApplicationRejection,
  ZApplicationStatus,
  ZApplicationStatusQuery,
  ZIdParam,
  ZOnlineApplicationPage,
  ZOnlineApplicationParts,
  ZOnlineApplicationQuery,
  binaryResponse,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { sendUpload } from '../../lib/downloads.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import type { Ctx } from './admissions.service.js';
import * as service from './online-applications.service.js';

const PUBLIC = `${API}/public/applications`;
const OFFICE = `${API}/admissions/online-applications`;

/** Online applications: the visitor's form and status lookup, and the admissions office's queue. */
export default async function onlineApplicationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  const staff = { access: ADMISSION_ROLES };
  const ctx = (req: { college: Ctx['college']; user: Ctx['user'] }): Ctx => ({
    db: root.db,
    college: req.college,
    user: req.user,
    uploadDir: cfg.UPLOAD_DIR,
  });
  // Public calls, limited per address like the other public lookups (counted in the database).
  const submitLimit = {
    access: 'public' as const,
    limit: { name: 'application-submit', max: 10, windowMs: 60 * 60_000, message: ONLINE_APPLICATION_MSG.tooManyTries },
  };
  const statusLimit = {
    access: 'public' as const,
    limit: { name: 'application-status', max: 20, windowMs: 10 * 60_000, message: ONLINE_APPLICATION_MSG.tooManyTries },
  };

  app.get(`${PUBLIC}/options`, { config: { access: 'public' }, schema: { response: { 200: ZApplicationOptions } } }, async (req) =>
    service.options(root.readDb, req.college.id),
  );

  await uploadRoutes(root, (up) => {
    up.post(
      PUBLIC,
      { config: submitLimit, schema: { multipart: ZOnlineApplicationParts, response: { 200: ZApplicationReceipt } } },
      async (req) => service.submit(ctx(req), await readMultipart(req, cfg.MAX_UPLOAD_MB)),
    );
  });

  app.get(
    `${PUBLIC}/status`,
    { config: statusLimit, schema: { querystring: ZApplicationStatusQuery, response: { 200: ZApplicationStatus } } },
    async (req) => service.status(root.db, req.college.id, req.query.number, req.query.dob),
  );

  app.get(
    OFFICE,
    { config: staff, schema: { querystring: ZOnlineApplicationQuery, response: { 200: ZOnlineApplicationPage } } },
    async (req) => service.list(root.db, req.college.id, req.query),
  );

  app.get(
    `${OFFICE}/:id/files/:fileId`,
    {
      config: staff,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive(), fileId: z.coerce.number().int().positive() }),
        response: { 200: binaryResponse('application/pdf, image/jpeg or image/png') },
      },
    },
    async (req, reply) => {
      const f = await service.fileOf(root.db, req.college.id, req.params.id, req.params.fileId, cfg.UPLOAD_DIR);
      return sendUpload(reply, f.data, f.fileName);
    },
  );

  app.post(
    `${OFFICE}/:id/accept`,
    { config: staff, schema: { params: ZIdParam, response: { 200: ZApplicationAccepted } } },
    async (req) => service.accept(ctx(req), req.params.id, req.ip),
  );

  app.post(
    `${OFFICE}/:id/reject`,
    { config: staff, schema: { params: ZIdParam, body: ZApplicationRejection, response: { 200: ZApplicationRejected } } },
    async (req) => service.reject(ctx(req), req.params.id, req.body.reason, req.ip),
  );
}
