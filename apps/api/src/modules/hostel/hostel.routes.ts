import type { FastifyInstance } from 'fastify';
import { HOSTEL_BOARD_ROLES, HOSTEL_STAFF_ROLES, HOSTEL_USER_ROLES, ROLES, hostelEndpoints as hostel } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as allotments from './hostel.allotments.js';
import { bedsForApplication } from './hostel.bed-offer.js';
import * as documents from './hostel.documents.js';
import * as leaving from './hostel.leaving.js';
import * as outpasses from './hostel.outpasses.js';
import * as service from './hostel.service.js';
import { contentDisposition } from '../../lib/downloads.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hostel office: buildings and rooms, applications, allotment, transfer, vacate, out-passes. */
export default async function hostelRoutes(app: FastifyInstance) {
  const staff = { access: HOSTEL_STAFF_ROLES };
  const users = { access: HOSTEL_USER_ROLES };
  const student = { access: [ROLES.STUDENT] };
  const board = { access: [...new Set([...HOSTEL_USER_ROLES, ...HOSTEL_BOARD_ROLES])] };

  route(app, hostel.summary, staff, async (req) => service.summary(app.db, req.college.id));

  // Buildings, rooms, beds and the board.
  route(app, hostel.buildings, board, async (req) => service.listBuildings(app.db, req.college.id));
  route(app, hostel.createBuilding, staff, async (req) => service.createBuilding(app.db, requireUser(req.user), req.body));
  route(app, hostel.createRooms, staff, async (req) =>
    service.createRooms(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, hostel.reserveBed, staff, async (req) => service.reserveBed(app.db, requireUser(req.user), req.params.id, req.body));
  route(app, hostel.occupancy, { access: HOSTEL_BOARD_ROLES }, async (req, reply) =>
    // Sent as serialized text (see occupancyJson): the schema documents it, Fastify sends the string as is.
    reply.type('application/json; charset=utf-8').send(await service.occupancyJson(app.readDb, req.college.id, req.query)),
  );

  // Applications.
  route(app, hostel.applications, users, async (req) => allotments.listApplications(app.db, requireUser(req.user), req.query));
  route(app, hostel.apply, users, async (req) => allotments.createApplication(app.db, requireUser(req.user), req.body));
  route(app, hostel.rejectApplication, staff, async (req) =>
    allotments.rejectApplication(app.db, requireUser(req.user), req.params.id, req.body.note),
  );
  route(app, hostel.bedOffer, staff, async (req) =>
    bedsForApplication(app.db, req.college.id, req.params.id, req.query.buildingId),
  );

  // Allotments.
  route(app, hostel.allotments, staff, async (req) => allotments.listAllotments(app.db, req.college.id, req.query));
  route(app, hostel.allot, staff, async (req) => allotments.allot(app.db, requireUser(req.user), req.body));
  route(app, hostel.allotment, users, async (req) => allotments.allotmentDetail(app.db, requireUser(req.user), req.params.id));
  route(app, hostel.allotmentLetter, users, async (req, reply) => {
    const { pdf, name } = await documents.allotmentLetter(
      app.db,
      req.college,
      requireUser(req.user),
      req.params.id,
      publicBaseUrl(req),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
      .send(pdf);
  });
  route(app, hostel.transfer, staff, async (req) => allotments.transfer(app.db, requireUser(req.user), req.params.id, req.body));
  route(app, hostel.vacate, staff, async (req) => allotments.vacate(app.db, requireUser(req.user), req.params.id, req.body));
  route(app, hostel.vacatePreview, staff, async (req) => leaving.vacatePreview(app.db, req.college.id, req.params.id, req.query));
  route(app, hostel.cancel, staff, async (req) =>
    leaving.cancelAllotment(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, hostel.recordPayment, staff, async (req) =>
    allotments.recordPayment(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, hostel.residentsWorkbook, staff, async (req, reply) => {
    const book = await documents.residentsWorkbook(app.db, req.college.id, req.query.buildingId);
    return reply.type(XLSX).header('content-disposition', contentDisposition('attachment', 'hostel-residents.xlsx')).send(book);
  });

  // Transfer requests: the student asks, the incharge moves them (transfer with requestId) or refuses.
  route(app, hostel.transferRequests, users, async (req) =>
    allotments.listTransferRequests(app.db, requireUser(req.user), req.query.status),
  );
  route(app, hostel.requestTransfer, student, async (req) => allotments.requestTransfer(app.db, requireUser(req.user), req.body));
  route(app, hostel.rejectTransferRequest, staff, async (req) =>
    allotments.rejectTransferRequest(app.db, requireUser(req.user), req.params.id, req.body.note),
  );

  // Out-pass register.
  route(app, hostel.outpasses, users, async (req) => outpasses.listOutpasses(app.db, requireUser(req.user), req.query));
  route(app, hostel.createOutpass, users, async (req) => outpasses.createOutpass(app.db, requireUser(req.user), req.body));
  route(app, hostel.stepOutpass, staff, async (req) =>
    outpasses.stepOutpass(app.db, requireUser(req.user), req.params.id, req.params.step, req.body),
  );

  // The student's own hostel page.
  route(app, hostel.me, student, async (req) => outpasses.myHostel(app.db, requireUser(req.user)));
}
