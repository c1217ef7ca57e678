import type { FastifyInstance } from 'fastify';
import { ADMISSION_ROLES, ONLINE_APPLICATION_MSG, admissionEndpoints as admissions } from '@erp/shared';
import { sendUpload } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';
import { route } from '../../lib/endpoint-route.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import type { Ctx } from './admissions.service.js';
import * as service from './online-applications.service.js';

/** Online applications: the visitor's form and status lookup, and the admissions office's queue. */
export default async function onlineApplicationsRoutes(root: FastifyInstance) {
  const cfg = root.config;
  const storage = fileStorage(cfg);
  const staff = { access: ADMISSION_ROLES };
  const ctx = (req: { college: Ctx['college']; user: Ctx['user'] }): Ctx => ({
    db: root.db,
    college: req.college,
    user: req.user,
    storage,
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

  route(root, admissions.applicationOptions, { access: 'public' }, async (req) => service.options(root.readDb, req.college.id));

  await uploadRoutes(root, (up) => {
    route(up, admissions.submitApplication, submitLimit, async (req) =>
      service.submit(ctx(req), await readMultipart(req, cfg.MAX_UPLOAD_MB)),
    );
  });

  route(root, admissions.applicationStatus, statusLimit, async (req) =>
    service.status(root.db, req.college.id, req.query.number, req.query.dob),
  );

  route(root, admissions.onlineApplications, staff, async (req) => service.list(root.db, req.college.id, req.query));

  route(root, admissions.applicationFile, staff, async (req, reply) => {
    const f = await service.fileOf(root.db, req.college.id, req.params.id, req.params.fileId, storage);
    return sendUpload(reply, f.data, f.fileName);
  });

  route(root, admissions.accept, staff, async (req) => service.accept(ctx(req), req.params.id, req.ip));

  route(root, admissions.reject, staff, async (req) => service.reject(ctx(req), req.params.id, req.body.reason, req.ip));
}
