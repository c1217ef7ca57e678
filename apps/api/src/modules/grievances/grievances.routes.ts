import type { FastifyInstance } from 'fastify';
import {
  GRIEVANCE_MAX_FILE_MB,
  GRIEVANCE_MSG,
  GRIEVANCE_REPORT_ROLES,
  GRIEVANCE_SETTINGS_ROLES,
  ROLES,
  ZGrievanceCreate,
  ZGrievanceSubmissionKey,
  grievanceEndpoints as grievances,
} from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { AppError } from '../../lib/errors.js';
import { jsonPart, readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import { clock } from '../../lib/clock.js';
import * as committees from './grievances.committees.js';
import * as reports from './grievances.reports.js';
import * as service from './grievances.service.js';
import { sendUpload } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';

const user = { access: 'user' as const };

/** The form's fields as the multipart part "grievance" (JSON); a bad one is a 400 with the field's own message. */
function lodgeFields(fields: Record<string, string>, header: unknown) {
  const parsed = ZGrievanceCreate.safeParse(jsonPart(fields, 'grievance'));
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'The grievance is not valid');
  const rawKey = fields.idempotencyKey ?? header;
  const key = rawKey === undefined ? undefined : ZGrievanceSubmissionKey.safeParse(rawKey);
  if (key && !key.success) throw new AppError(400, key.error.issues[0]?.message ?? 'Bad submission key');
  return { input: parsed.data, idempotencyKey: key?.data };
}

/** A file part larger than grievances take: the grievance's own message. */
async function readParts(req: Parameters<typeof readMultipart>[0]) {
  try {
    return await readMultipart(req, GRIEVANCE_MAX_FILE_MB);
  } catch (e) {
    if (e instanceof AppError && /too large/.test(e.message)) throw new AppError(400, GRIEVANCE_MSG.fileTooLarge);
    throw e;
  }
}

/** Grievances under the UGC Regulations 2023: lodging, the committee's workflow, appeals and reports. */
export default async function grievancesRoutes(app: FastifyInstance) {
  const storage = fileStorage(app.config);
  const settings = { access: GRIEVANCE_SETTINGS_ROLES };
  const admin = { access: [ROLES.ADMIN] };

  route(app, grievances.list, user, async (req) => service.list(app.db, requireUser(req.user), req.query, clock.now()));
  route(app, grievances.lodge, user, async (req) =>
    service.lodge(app.db, requireUser(req.user), req.body, clock.now(), { idempotencyKey: req.headers['idempotency-key'] }),
  );
  route(app, grievances.settings, settings, async (req) => committees.settingsOf(app.db, req.college.id));
  route(app, grievances.saveSettings, admin, async (req) => committees.saveSettings(app.db, req.college.id, req.body));
  route(app, grievances.committees, settings, async (req) => committees.listCommittees(app.db, req.college.id));
  route(app, grievances.createCommittee, admin, async (req) => committees.saveCommittee(app.db, req.college.id, req.body));
  route(app, grievances.updateCommittee, admin, async (req) =>
    committees.saveCommittee(app.db, req.college.id, req.body, req.params.id),
  );
  route(app, grievances.report, { access: GRIEVANCE_REPORT_ROLES }, async (req) =>
    reports.report(app.db, requireUser(req.user), req.query.from, req.query.to, clock.now()),
  );
  route(app, grievances.detail, user, async (req) => service.detail(app.db, requireUser(req.user), req.params.id, clock.now()));
  route(app, grievances.changeStatus, user, async (req) =>
    service.changeStatus(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );
  route(app, grievances.comment, user, async (req) =>
    service.comment(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );
  route(app, grievances.appeal, user, async (req) =>
    service.appeal(app.db, requireUser(req.user), req.params.id, req.body.reason, clock.now()),
  );
  route(app, grievances.decideAppeal, { access: [ROLES.OMBUDSPERSON] }, async (req) =>
    service.decideAppeal(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );
  route(app, grievances.reveal, user, async (req) => service.reveal(app.db, requireUser(req.user), req.params.id, clock.now()));
  route(app, grievances.attachment, user, async (req, reply) => {
    const f = await service.attachmentFile(
      app.db,
      requireUser(req.user),
      req.params.id,
      req.params.attachmentId,
      storage,
      clock.now(),
    );
    return sendUpload(reply, f.data, f.fileName);
  });

  await uploadRoutes(app, (up) => {
    // Lodging with attachments in one request: the grievance and its files are saved together or not at all.
    route(up, grievances.lodgeWithFiles, user, async (req) => {
      const parts = await readParts(req);
      const { input, idempotencyKey } = lodgeFields(parts.fields, req.headers['idempotency-key']);
      return service.lodge(app.db, requireUser(req.user), input, clock.now(), {
        files: parts.files,
        college: req.college,
        storage,
        idempotencyKey,
      });
    });
    route(up, grievances.addAttachments, user, async (req) => {
      const parts = await readParts(req);
      return service.addAttachments(
        app.db,
        req.college,
        requireUser(req.user),
        req.params.id,
        parts.files,
        storage,
        clock.now(),
      );
    });
  });
}
