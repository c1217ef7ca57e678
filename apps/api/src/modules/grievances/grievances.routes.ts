import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  GRIEVANCE_MAX_FILE_MB,
  GRIEVANCE_MSG,
  GRIEVANCE_REPORT_ROLES,
  GRIEVANCE_SETTINGS_ROLES,
  ROLES,
  ZCommittee,
  ZCommitteeSave,
  ZGrievanceAppeal,
  ZGrievanceAppealDecision,
  ZGrievanceComment,
  ZGrievanceCreate,
  ZGrievanceDetail,
  ZGrievanceId,
  ZGrievanceListQuery,
  ZGrievancePage,
  ZGrievanceReport,
  ZGrievanceReportQuery,
  ZGrievanceReveal,
  ZGrievanceSettings,
  ZGrievanceStatusChange,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { AppError } from '../../lib/errors.js';
import { jsonPart, readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import { clock } from '../../lib/clock.js';
import * as committees from './grievances.committees.js';
import * as reports from './grievances.reports.js';
import * as service from './grievances.service.js';
import { sendUpload } from '../../lib/downloads.js';

const BASE = `${API}/grievances`;
const user = { access: 'user' as const };

/** The lodging form's key for one submission: a retry with the same key answers the same grievance. */
const ZIdempotencyKey = z
  .string()
  .trim()
  .regex(/^[\w-]{8,64}$/, 'The submission key must be 8 to 64 letters, digits, "-" or "_"');
const ZIdempotencyHeaders = z.object({ 'idempotency-key': ZIdempotencyKey.optional() });

/** The form's fields as the multipart part "grievance" (JSON); a bad one is a 400 with the field's own message. */
function lodgeFields(fields: Record<string, string>, header: unknown) {
  const parsed = ZGrievanceCreate.safeParse(jsonPart(fields, 'grievance'));
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'The grievance is not valid');
  const rawKey = fields.idempotencyKey ?? header;
  const key = rawKey === undefined ? undefined : ZIdempotencyKey.safeParse(rawKey);
  if (key && !key.success) throw new AppError(400, key.error.issues[0]?.message ?? 'Bad submission key');
  return { input: parsed.data, idempotencyKey: key?.data };
}

/** Grievances under the UGC Regulations 2023: lodging, the committee's workflow, appeals and reports. */
export default async function grievancesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const uploadDir = root.config.UPLOAD_DIR;

  app.get(BASE, { config: user, schema: { querystring: ZGrievanceListQuery, response: { 200: ZGrievancePage } } }, async (req) =>
    service.list(app.db, requireUser(req.user), req.query, clock.now()),
  );

  app.post(
    BASE,
    { config: user, schema: { body: ZGrievanceCreate, headers: ZIdempotencyHeaders, response: { 200: ZGrievanceDetail } } },
    async (req) =>
      service.lodge(app.db, requireUser(req.user), req.body, clock.now(), { idempotencyKey: req.headers['idempotency-key'] }),
  );

  app.get(
    `${BASE}/settings`,
    { config: { access: GRIEVANCE_SETTINGS_ROLES }, schema: { response: { 200: ZGrievanceSettings } } },
    async (req) => committees.settingsOf(app.db, req.college.id),
  );

  app.put(
    `${BASE}/settings`,
    { config: { access: [ROLES.ADMIN] }, schema: { body: ZGrievanceSettings, response: { 200: ZGrievanceSettings } } },
    async (req) => committees.saveSettings(app.db, req.college.id, req.body),
  );

  app.get(
    `${BASE}/committees`,
    { config: { access: GRIEVANCE_SETTINGS_ROLES }, schema: { response: { 200: z.array(ZCommittee) } } },
    async (req) => committees.listCommittees(app.db, req.college.id),
  );

  app.post(
    `${BASE}/committees`,
    { config: { access: [ROLES.ADMIN] }, schema: { body: ZCommitteeSave, response: { 200: ZCommittee } } },
    async (req) => committees.saveCommittee(app.db, req.college.id, req.body),
  );

  app.put(
    `${BASE}/committees/:id`,
    { config: { access: [ROLES.ADMIN] }, schema: { params: ZGrievanceId, body: ZCommitteeSave, response: { 200: ZCommittee } } },
    async (req) => committees.saveCommittee(app.db, req.college.id, req.body, req.params.id),
  );

  app.get(
    `${BASE}/reports`,
    {
      config: { access: GRIEVANCE_REPORT_ROLES },
      schema: { querystring: ZGrievanceReportQuery, response: { 200: ZGrievanceReport } },
    },
    async (req) => reports.report(app.db, requireUser(req.user), req.query.from, req.query.to, clock.now()),
  );

  app.get(`${BASE}/:id`, { config: user, schema: { params: ZGrievanceId, response: { 200: ZGrievanceDetail } } }, async (req) =>
    service.detail(app.db, requireUser(req.user), req.params.id, clock.now()),
  );

  app.post(
    `${BASE}/:id/status`,
    { config: user, schema: { params: ZGrievanceId, body: ZGrievanceStatusChange, response: { 200: ZGrievanceDetail } } },
    async (req) => service.changeStatus(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );

  app.post(
    `${BASE}/:id/comments`,
    { config: user, schema: { params: ZGrievanceId, body: ZGrievanceComment, response: { 200: ZGrievanceDetail } } },
    async (req) => service.comment(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );

  app.post(
    `${BASE}/:id/appeal`,
    { config: user, schema: { params: ZGrievanceId, body: ZGrievanceAppeal, response: { 200: ZGrievanceDetail } } },
    async (req) => service.appeal(app.db, requireUser(req.user), req.params.id, req.body.reason, clock.now()),
  );

  app.post(
    `${BASE}/:id/appeal/decision`,
    {
      config: { access: [ROLES.OMBUDSPERSON] },
      schema: { params: ZGrievanceId, body: ZGrievanceAppealDecision, response: { 200: ZGrievanceDetail } },
    },
    async (req) => service.decideAppeal(app.db, requireUser(req.user), req.params.id, req.body, clock.now()),
  );

  app.post(
    `${BASE}/:id/reveal`,
    { config: user, schema: { params: ZGrievanceId, response: { 200: ZGrievanceReveal } } },
    async (req) => service.reveal(app.db, requireUser(req.user), req.params.id, clock.now()),
  );

  app.get(
    `${BASE}/:id/attachments/:attachmentId`,
    {
      config: user,
      schema: {
        params: ZGrievanceId.extend({ attachmentId: z.coerce.number().int().positive().max(2_000_000_000) }),
        response: { 200: z.any().describe('application/pdf, image/jpeg or image/png') },
      },
    },
    async (req, reply) => {
      const f = await service.attachmentFile(
        app.db,
        requireUser(req.user),
        req.params.id,
        req.params.attachmentId,
        uploadDir,
        clock.now(),
      );
      return sendUpload(reply, f.data, f.fileName);
    },
  );

  await uploadRoutes(root, (up) => {
    // Lodging with attachments in one request: the grievance and its files are saved together or not at all.
    up.post(`${BASE}/lodge`, { config: user, schema: { response: { 200: ZGrievanceDetail } } }, async (req) => {
      let parts;
      try {
        parts = await readMultipart(req, GRIEVANCE_MAX_FILE_MB);
      } catch (e) {
        if (e instanceof AppError && /too large/.test(e.message)) throw new AppError(400, GRIEVANCE_MSG.fileTooLarge);
        throw e;
      }
      const { input, idempotencyKey } = lodgeFields(parts.fields, req.headers['idempotency-key']);
      return service.lodge(app.db, requireUser(req.user), input, clock.now(), {
        files: parts.files,
        college: req.college,
        uploadDir,
        idempotencyKey,
      });
    });
    up.post(
      `${BASE}/:id/attachments`,
      { config: user, schema: { params: ZGrievanceId, response: { 200: ZGrievanceDetail } } },
      async (req) => {
        let parts;
        try {
          parts = await readMultipart(req, GRIEVANCE_MAX_FILE_MB);
        } catch (e) {
          if (e instanceof AppError && /too large/.test(e.message)) throw new AppError(400, GRIEVANCE_MSG.fileTooLarge);
          throw e;
        }
        return service.addAttachments(
          app.db,
          req.college,
          requireUser(req.user),
          req.params.id,
          parts.files,
          uploadDir,
          clock.now(),
        );
      },
    );
  });
}
