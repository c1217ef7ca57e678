import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PLACEMENT_MAX_FILE_MB,
  PLACEMENT_MSG,
  PLACEMENT_ROLES,
  PLACEMENT_VIEW_ROLES,
  ROLES,
  placementEndpoints as placements,
} from '@erp/shared';
import { clock } from '../../lib/clock.js';
import { route } from '../../lib/endpoint-route.js';
import { AppError } from '../../lib/errors.js';
import { readMultipart, uploadRoutes, type MultipartBody } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import * as higher from './placements.higher.js';
import * as offers from './placements.offers.js';
import * as policy from './placements.policy.js';
import * as service from './placements.service.js';
import * as stats from './placements.stats.js';
import { contentDisposition, sendUpload } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';

const dean = { access: PLACEMENT_ROLES };
const viewers = { access: PLACEMENT_VIEW_ROLES };
const student = { access: [ROLES.STUDENT] };
const viewersAndStudents = { access: [...PLACEMENT_VIEW_ROLES, ROLES.STUDENT] };
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
export default async function placementsRoutes(app: FastifyInstance) {
  const storage = fileStorage(app.config);

  route(app, placements.settings, viewers, async (req) => service.settings(app.db, req.college.id));
  route(app, placements.saveSettings, dean, async (req) => {
    const p = await policy.savePolicy(app.db, requireUser(req.user), req.body);
    return { noShowBarDrives: p.noShowBarDrives, offerPolicy: p.offerPolicy, dreamCtcRupees: p.dreamCtcRupees };
  });
  // The dean's policy screen: the settings with the students holding two offers and the audited changes.
  route(app, placements.policy, viewers, async (req) => policy.policy(app.db, req.college.id));
  route(app, placements.savePolicy, dean, async (req) => policy.savePolicy(app.db, requireUser(req.user), req.body));

  route(app, placements.companies, viewers, async (req) => service.companies(app.db, req.college.id));
  route(app, placements.createCompany, dean, async (req) => service.createCompany(app.db, req.college.id, req.body));

  route(app, placements.drives, viewersAndStudents, async (req) =>
    service.listDrives(app.db, requireUser(req.user), req.query, clock.now()),
  );
  route(app, placements.createDrive, dean, async (req) => service.createDrive(app.db, req.college.id, req.body));
  route(app, placements.drive, viewers, async (req) => service.driveDetail(app.db, req.college.id, req.params.id));
  route(app, placements.eligible, viewers, async (req) => service.eligibleList(app.db, req.college.id, req.params.id));
  route(app, placements.addRound, dean, async (req) => service.addRound(app.db, req.college.id, req.params.id, req.body));
  route(app, placements.applicantsWorkbook, viewers, async (req, reply) =>
    sendXlsx(reply, await stats.applicantsWorkbook(app.db, req.college.id, req.params.id)),
  );

  route(app, placements.offers, viewers, async (req) => offers.listOffers(app.db, req.college.id, req.query.batch));
  route(app, placements.makeOffer, dean, async (req) =>
    offers.createOffer(app.db, requireUser(req.user), req.body, await service.policyOf(app.db, req.college.id), clock.now()),
  );
  route(app, placements.offerLetter, viewersAndStudents, async (req, reply) => {
    const data = await service.letterFor(app.db, requireUser(req.user), req.params.id, storage);
    return sendUpload(reply, data, 'offer-letter.pdf');
  });

  route(app, placements.stats, viewers, async (req) => stats.stats(app.db, req.college.id, req.query.batch));
  route(app, placements.registerWorkbook, viewers, async (req, reply) =>
    sendXlsx(reply, await stats.registerWorkbook(app.db, req.college.id, req.query.batch)),
  );

  // Higher studies: the dean's register (entered or verified), a student's own declaration.
  route(app, placements.higherStudies, viewers, async (req) => higher.list(app.db, req.college.id, req.query));
  route(app, placements.enterHigherStudies, dean, async (req) =>
    higher.enter(app.db, requireUser(req.user), req.body, clock.now()),
  );
  route(app, placements.higherStudiesWorkbook, viewers, async (req, reply) =>
    sendXlsx(reply, await higher.workbook(app.db, req.college.id, req.query)),
  );
  route(app, placements.myHigherStudies, student, async (req) => higher.mine(app.db, requireUser(req.user)));
  route(app, placements.declareHigherStudies, student, async (req) =>
    higher.declare(app.db, requireUser(req.user), req.body, clock.now()),
  );
  route(app, placements.verifyHigherStudies, dean, async (req) =>
    higher.verify(app.db, requireUser(req.user), req.params.id, clock.now()),
  );
  route(app, placements.removeHigherStudies, dean, async (req) => higher.remove(app.db, requireUser(req.user), req.params.id));
  route(app, placements.evidence, viewersAndStudents, async (req, reply) => {
    const f = await higher.evidenceFile(app.db, requireUser(req.user), req.params.id, storage);
    return sendUpload(reply, f.data, f.name);
  });

  route(app, placements.me, student, async (req) => service.myPlacements(app.db, requireUser(req.user)));

  await uploadRoutes(app, (up) => {
    // JSON (the dean applying for a roll number, or a student without a resume) or multipart with a `resume` PDF.
    route(up, placements.apply, { access: [ROLES.STUDENT, ROLES.PLACEMENT_DEAN] }, async (req) => {
      const parts = req.isMultipart() ? await readParts(req) : null;
      const input = parts
        ? { rollNo: parts.fields.rollNo || undefined, resume: parts.files.find((f) => f.fieldname === 'resume') }
        : { rollNo: req.body?.rollNo };
      return service.apply(app.db, req.college, requireUser(req.user), req.params.id, input, storage, clock.now());
    });
    route(up, placements.uploadEvidence, { access: [ROLES.PLACEMENT_DEAN, ROLES.STUDENT] }, async (req) =>
      higher.attachEvidence(
        app.db,
        req.college,
        requireUser(req.user),
        req.params.id,
        (await readParts(req)).files,
        storage,
        clock.now(),
      ),
    );
    route(up, placements.uploadLetter, dean, async (req) =>
      offers.attachLetter(app.db, req.college, req.params.id, (await readParts(req)).files, storage),
    );
  });
}
