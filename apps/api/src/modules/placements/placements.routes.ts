import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  PLACEMENT_MAX_FILE_MB,
  PLACEMENT_MSG,
  PLACEMENT_ROLES,
  PLACEMENT_VIEW_ROLES,
  ROLES,
  ZApplication,
  ZApplyBody,
  ZCompany,
  ZCompanyCreate,
  ZDrive,
  ZDriveCreate,
  ZDriveDetail,
  ZDriveListQuery,
  ZEligibleList,
  ZHigherStudies,
  ZHigherStudiesDeclare,
  ZHigherStudiesPage,
  ZHigherStudiesQuery,
  ZHigherStudiesRecord,
  ZMyHigherStudies,
  ZMyPlacements,
  ZOffer,
  ZOfferCreate,
  ZPlacementId,
  ZPlacementPolicy,
  ZPlacementSettings,
  ZPlacementStats,
  ZRoundCreate,
  ZStatsQuery,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { readMultipart, uploadRoutes, type MultipartBody } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import * as higher from './placements.higher.js';
import * as offers from './placements.offers.js';
import * as policy from './placements.policy.js';
import * as service from './placements.service.js';
import * as stats from './placements.stats.js';
import { contentDisposition, sendUpload } from '../../lib/downloads.js';

const BASE = `${API}/placements`;
const dean = { access: PLACEMENT_ROLES };
const viewers = { access: PLACEMENT_VIEW_ROLES };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function readParts(req: Parameters<typeof readMultipart>[0]): Promise<MultipartBody> {
  try {
    return await readMultipart(req, PLACEMENT_MAX_FILE_MB);
  } catch (e) {
    if (e instanceof AppError && /too large/.test(e.message)) throw new AppError(400, PLACEMENT_MSG.fileTooLarge);
    throw e;
  }
}

const sendXlsx = (reply: FastifyReply, f: { data: Buffer; name: string }) =>
  reply.type(XLSX).header('content-disposition', contentDisposition('attachment', f.name)).send(f.data);

/** The placement cell: companies, drives and eligibility, applications, rounds, offers, statistics and exports. */
export default async function placementsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const uploadDir = root.config.UPLOAD_DIR;

  app.get(`${BASE}/settings`, { config: viewers, schema: { response: { 200: ZPlacementSettings } } }, async (req) =>
    service.settings(app.db, req.college.id),
  );
  app.put(
    `${BASE}/settings`,
    { config: dean, schema: { body: ZPlacementSettings, response: { 200: ZPlacementSettings } } },
    async (req) => {
      const p = await policy.savePolicy(app.db, requireUser(req.user), req.body);
      return { noShowBarDrives: p.noShowBarDrives, offerPolicy: p.offerPolicy, dreamCtcRupees: p.dreamCtcRupees };
    },
  );
  // The dean's policy screen: the settings with the students holding two offers and the audited changes.
  app.get(`${BASE}/policy`, { config: viewers, schema: { response: { 200: ZPlacementPolicy } } }, async (req) =>
    policy.policy(app.db, req.college.id),
  );
  app.put(
    `${BASE}/policy`,
    { config: dean, schema: { body: ZPlacementSettings, response: { 200: ZPlacementPolicy } } },
    async (req) => policy.savePolicy(app.db, requireUser(req.user), req.body),
  );

  app.get(`${BASE}/companies`, { config: viewers, schema: { response: { 200: z.array(ZCompany) } } }, async (req) =>
    service.companies(app.db, req.college.id),
  );
  app.post(`${BASE}/companies`, { config: dean, schema: { body: ZCompanyCreate, response: { 200: ZCompany } } }, async (req) =>
    service.createCompany(app.db, req.college.id, req.body),
  );

  app.get(
    `${BASE}/drives`,
    {
      config: { access: [...PLACEMENT_VIEW_ROLES, ROLES.STUDENT] },
      schema: { querystring: ZDriveListQuery, response: { 200: z.array(ZDrive) } },
    },
    async (req) => service.listDrives(app.db, requireUser(req.user), req.query, clock.now()),
  );
  app.post(`${BASE}/drives`, { config: dean, schema: { body: ZDriveCreate, response: { 200: ZDrive } } }, async (req) =>
    service.createDrive(app.db, req.college.id, req.body),
  );
  app.get(
    `${BASE}/drives/:id`,
    { config: viewers, schema: { params: ZPlacementId, response: { 200: ZDriveDetail } } },
    async (req) => service.driveDetail(app.db, req.college.id, req.params.id),
  );
  app.get(
    `${BASE}/drives/:id/eligible`,
    { config: viewers, schema: { params: ZPlacementId, response: { 200: ZEligibleList } } },
    async (req) => service.eligibleList(app.db, req.college.id, req.params.id),
  );
  app.post(
    `${BASE}/drives/:id/rounds`,
    { config: dean, schema: { params: ZPlacementId, body: ZRoundCreate, response: { 200: ZDriveDetail } } },
    async (req) => service.addRound(app.db, req.college.id, req.params.id, req.body),
  );
  app.get(
    `${BASE}/drives/:id/applicants.xlsx`,
    { config: viewers, schema: { params: ZPlacementId, response: { 200: z.any().describe(XLSX) } } },
    async (req, reply) => sendXlsx(reply, await stats.applicantsWorkbook(app.db, req.college.id, req.params.id)),
  );

  app.get(
    `${BASE}/offers`,
    {
      config: viewers,
      schema: { querystring: z.object({ batch: z.string().trim().max(20).optional() }), response: { 200: z.array(ZOffer) } },
    },
    async (req) => offers.listOffers(app.db, req.college.id, req.query.batch),
  );
  app.post(`${BASE}/offers`, { config: dean, schema: { body: ZOfferCreate, response: { 200: ZOffer } } }, async (req) =>
    offers.createOffer(app.db, requireUser(req.user), req.body, await service.policyOf(app.db, req.college.id), clock.now()),
  );
  app.get(
    `${BASE}/offers/:id/letter`,
    {
      config: { access: [...PLACEMENT_VIEW_ROLES, ROLES.STUDENT] },
      schema: { params: ZPlacementId, response: { 200: z.any().describe('application/pdf') } },
    },
    async (req, reply) => {
      const data = await service.letterFor(app.db, requireUser(req.user), req.params.id, uploadDir);
      return sendUpload(reply, data, 'offer-letter.pdf');
    },
  );

  app.get(
    `${BASE}/stats`,
    { config: viewers, schema: { querystring: ZStatsQuery, response: { 200: ZPlacementStats } } },
    async (req) => stats.stats(app.db, req.college.id, req.query.batch),
  );
  app.get(
    `${BASE}/register.xlsx`,
    {
      config: viewers,
      schema: {
        querystring: z.object({ batch: z.string().trim().max(20).optional() }),
        response: { 200: z.any().describe(XLSX) },
      },
    },
    async (req, reply) => sendXlsx(reply, await stats.registerWorkbook(app.db, req.college.id, req.query.batch)),
  );

  // Higher studies: the dean's register (entered or verified), a student's own declaration.
  app.get(
    `${BASE}/higher-studies`,
    { config: viewers, schema: { querystring: ZHigherStudiesQuery, response: { 200: ZHigherStudiesPage } } },
    async (req) => higher.list(app.db, req.college.id, req.query),
  );
  app.post(
    `${BASE}/higher-studies`,
    { config: dean, schema: { body: ZHigherStudies, response: { 200: ZHigherStudiesRecord } } },
    async (req) => higher.enter(app.db, requireUser(req.user), req.body, clock.now()),
  );
  app.get(
    `${BASE}/higher-studies.xlsx`,
    {
      config: viewers,
      schema: { querystring: ZHigherStudiesQuery.omit({ page: true, pageSize: true }), response: { 200: z.any().describe(XLSX) } },
    },
    async (req, reply) => sendXlsx(reply, await higher.workbook(app.db, req.college.id, req.query)),
  );
  app.get(
    `${BASE}/higher-studies/me`,
    { config: { access: [ROLES.STUDENT] }, schema: { response: { 200: ZMyHigherStudies } } },
    async (req) => higher.mine(app.db, requireUser(req.user)),
  );
  app.put(
    `${BASE}/higher-studies/me`,
    { config: { access: [ROLES.STUDENT] }, schema: { body: ZHigherStudiesDeclare, response: { 200: ZHigherStudiesRecord } } },
    async (req) => higher.declare(app.db, requireUser(req.user), req.body, clock.now()),
  );
  app.post(
    `${BASE}/higher-studies/:id/verify`,
    { config: dean, schema: { params: ZPlacementId, response: { 200: ZHigherStudiesRecord } } },
    async (req) => higher.verify(app.db, requireUser(req.user), req.params.id, clock.now()),
  );
  app.delete(
    `${BASE}/higher-studies/:id`,
    { config: dean, schema: { params: ZPlacementId, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => higher.remove(app.db, requireUser(req.user), req.params.id),
  );
  app.get(
    `${BASE}/higher-studies/:id/evidence`,
    {
      config: { access: [...PLACEMENT_VIEW_ROLES, ROLES.STUDENT] },
      schema: { params: ZPlacementId, response: { 200: z.any().describe('application/pdf, image/jpeg or image/png') } },
    },
    async (req, reply) => {
      const f = await higher.evidenceFile(app.db, requireUser(req.user), req.params.id, uploadDir);
      return sendUpload(reply, f.data, f.name);
    },
  );

  app.get(`${BASE}/me`, { config: { access: [ROLES.STUDENT] }, schema: { response: { 200: ZMyPlacements } } }, async (req) =>
    service.myPlacements(app.db, requireUser(req.user)),
  );

  await uploadRoutes(root, (up) => {
    // JSON (the dean applying for a roll number, or a student without a resume) or multipart with a `resume` PDF.
    up.post(
      `${BASE}/drives/:id/applications`,
      {
        config: { access: [ROLES.STUDENT, ROLES.PLACEMENT_DEAN] },
        schema: { params: ZPlacementId, body: ZApplyBody, response: { 200: ZApplication } },
      },
      async (req) => {
        const parts = req.isMultipart() ? await readParts(req) : null;
        const input = parts
          ? { rollNo: parts.fields.rollNo || undefined, resume: parts.files.find((f) => f.fieldname === 'resume') }
          : { rollNo: req.body?.rollNo };
        return service.apply(app.db, req.college, requireUser(req.user), req.params.id, input, uploadDir, clock.now());
      },
    );
    up.post(
      `${BASE}/higher-studies/:id/evidence`,
      { config: { access: [ROLES.PLACEMENT_DEAN, ROLES.STUDENT] }, schema: { params: ZPlacementId, response: { 200: ZHigherStudiesRecord } } },
      async (req) =>
        higher.attachEvidence(app.db, req.college, requireUser(req.user), req.params.id, (await readParts(req)).files, uploadDir, clock.now()),
    );
    up.post(
      `${BASE}/offers/:id/letter`,
      { config: dean, schema: { params: ZPlacementId, response: { 200: ZOffer } } },
      async (req) => offers.attachLetter(app.db, req.college, req.params.id, (await readParts(req)).files, uploadDir),
    );
  });
}
