import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ALUMNI_MAX_FILE_MB,
  ALUMNI_MSG,
  ALUMNI_STAFF_ROLES,
  ALUMNI_VIEW_ROLES,
  MSG,
  ZAlumniHistoryParts,
  ZAlumniRegistrationParts,
  ZMessage,
  alumniEndpoints,
  textResponse,
} from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { AppError } from '../../lib/errors.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import * as service from './alumni.service.js';
import { requireUser } from '../../plugins/auth.js';
import { sendUpload } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';

/** Our own size limit, named in the spec's voice; the multipart helper's message names the number. */
async function readAlumniParts(req: Parameters<typeof readMultipart>[0]) {
  try {
    return await readMultipart(req, ALUMNI_MAX_FILE_MB);
  } catch (e) {
    if (e instanceof AppError && /too large/.test(e.message)) throw new AppError(400, ALUMNI_MSG.fileTooLarge);
    throw e;
  }
}

export default async function alumniRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const target = { storage: fileStorage(root.config) };
  // The saves are public and store files: a per-IP limit keeps one client from filling the disk.
  const publicSave = {
    access: 'public' as const,
    limit: { name: 'alumni-save', max: 60, windowMs: 60_000, message: MSG.tooManyRequests },
  };

  // The legacy contract's saves stay registered by hand, with the schemas of their
  // alumniEndpoints definitions, which the web calls.
  // Public per the contract: an alumnus registers without an account. Errors answer in text.
  await uploadRoutes(root, (up) => {
    up.post(
      `${V1}/saveAlumniStudentRegister`,
      {
        config: publicSave,
        schema: { multipart: ZAlumniRegistrationParts, response: { 200: ZMessage, 400: textResponse('the reason') } },
      },
      async (req, reply) => {
        try {
          return await service.saveRegistration(app.db, req.college, await readAlumniParts(req), target);
        } catch (e) {
          if (e instanceof AppError)
            return reply
              .status(e.statusCode as 400)
              .type('text/plain')
              .send(e.message);
          throw e;
        }
      },
    );

    up.post(
      `${V1}/saveAluminiHistoryByUrl`,
      { config: publicSave, schema: { multipart: ZAlumniHistoryParts, response: { 200: ZMessage } } },
      async (req) => service.saveHistory(app.db, req.college, await readAlumniParts(req), target),
    );
  });

  // The records carry phone numbers and emails: the alumni, admin and principal roles only, and
  // an alumnus sees another's contact only when that alumnus chose to share it (service.directoryView).
  route(app, alumniEndpoints.data, { access: ALUMNI_VIEW_ROLES }, async (req) =>
    service.alumniData(app.db, req.college.id, requireUser(req.user).roles),
  );

  route(app, alumniEndpoints.batches, { access: 'public' }, async (req) =>
    service.alumniBatches(app.db, req.college.id, req.query.degree),
  );

  // Offer letters, admit cards and photos are the staff's (the directory shows neither).
  route(app, alumniEndpoints.historyFile, { access: ALUMNI_STAFF_ROLES }, async (req, reply) => {
    const f = await service.historyFile(app.db, req.college.id, req.params.id, req.params.file, target.storage);
    return sendUpload(reply, f.file, f.fileName);
  });

  /** Courses with their branches, for the alumni forms' selects. */
  route(app, alumniEndpoints.courses, { access: 'public' }, async (req) => service.courses(app.db, req.college.id));
}
