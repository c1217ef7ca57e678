import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  HOSTEL_STAFF_ROLES,
  HOSTEL_USER_ROLES,
  ROLES,
  ZAllotmentCreate,
  ZAllotmentCreated,
  ZAllotmentDetail,
  ZAllotmentPage,
  ZAllotmentsQuery,
  ZHostelApplication,
  ZApplicationCreate,
  ZApplicationList,
  ZApplicationsQuery,
  ZBedOffer,
  ZBedOfferQuery,
  ZBedReserve,
  ZBuildingCreate,
  ZBuildingList,
  ZBuildingStats,
  binaryResponse,
  ZHostelDecision,
  ZHostelMessage,
  ZHostelPayment,
  ZHostelPaymentResult,
  ZHostelSummary,
  ZIdParam,
  ZMyHostel,
  ZOccupancy,
  ZOccupancyQuery,
  ZOutpass,
  ZOutpassCreate,
  ZOutpassesQuery,
  ZOutpassList,
  ZOutpassStep,
  ZOutpassStepParams,
  ZRoomsBulk,
  ZRoomsBulkResult,
  ZRoomTransfer,
  ZTransferRequest,
  ZTransferRequestCreate,
  ZTransferRequestList,
  ZVacate,
  ZVacateResult,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { requireUser } from '../../plugins/auth.js';
import * as allotments from './hostel.allotments.js';
import { bedsForApplication } from './hostel.bed-offer.js';
import * as documents from './hostel.documents.js';
import * as outpasses from './hostel.outpasses.js';
import * as service from './hostel.service.js';
import { contentDisposition } from '../../lib/downloads.js';

const H = `${API}/hostel`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hostel office: buildings and rooms, applications, allotment, transfer, vacate, out-passes. */
export default async function hostelRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staff = { access: HOSTEL_STAFF_ROLES };
  const users = { access: HOSTEL_USER_ROLES };

  app.get(`${H}/summary`, { config: staff, schema: { response: { 200: ZHostelSummary } } }, async (req) =>
    service.summary(app.db, req.college.id),
  );

  // Buildings, rooms, beds and the board.
  app.get(`${H}/buildings`, { config: users, schema: { response: { 200: ZBuildingList } } }, async (req) =>
    service.listBuildings(app.db, req.college.id),
  );

  app.post(
    `${H}/buildings`,
    { config: staff, schema: { body: ZBuildingCreate, response: { 200: ZBuildingStats } } },
    async (req) => service.createBuilding(app.db, requireUser(req.user), req.body),
  );

  app.post(
    `${H}/buildings/:id/rooms`,
    { config: staff, schema: { params: ZIdParam, body: ZRoomsBulk, response: { 200: ZRoomsBulkResult } } },
    async (req) => service.createRooms(app.db, requireUser(req.user), req.params.id, req.body),
  );

  app.post(
    `${H}/beds/:id/reserve`,
    { config: staff, schema: { params: ZIdParam, body: ZBedReserve, response: { 200: ZHostelMessage } } },
    async (req) => service.reserveBed(app.db, requireUser(req.user), req.params.id, req.body),
  );

  app.get(
    `${H}/occupancy`,
    { config: staff, schema: { querystring: ZOccupancyQuery, response: { 200: ZOccupancy } } },
    async (req, reply) =>
      // Sent as serialized text (see occupancyJson): the schema documents it, Fastify sends the string as is.
      reply
        .type('application/json; charset=utf-8')
        .send((await service.occupancyJson(app.readDb, req.college.id, req.query)) as never),
  );

  // Applications.
  app.get(
    `${H}/applications`,
    { config: users, schema: { querystring: ZApplicationsQuery, response: { 200: ZApplicationList } } },
    async (req) => allotments.listApplications(app.db, requireUser(req.user), req.query),
  );

  app.post(
    `${H}/applications`,
    { config: users, schema: { body: ZApplicationCreate, response: { 200: ZHostelApplication } } },
    async (req) => allotments.createApplication(app.db, requireUser(req.user), req.body),
  );

  app.post(
    `${H}/applications/:id/reject`,
    { config: staff, schema: { params: ZIdParam, body: ZHostelDecision, response: { 200: ZHostelApplication } } },
    async (req) => allotments.rejectApplication(app.db, requireUser(req.user), req.params.id, req.body.note),
  );

  app.get(
    `${H}/applications/:id/beds`,
    { config: staff, schema: { params: ZIdParam, querystring: ZBedOfferQuery, response: { 200: ZBedOffer } } },
    async (req) => bedsForApplication(app.db, req.college.id, req.params.id, req.query.buildingId),
  );

  // Allotments.
  app.get(
    `${H}/allotments`,
    { config: staff, schema: { querystring: ZAllotmentsQuery, response: { 200: ZAllotmentPage } } },
    async (req) => allotments.listAllotments(app.db, req.college.id, req.query),
  );

  app.post(
    `${H}/allotments`,
    { config: staff, schema: { body: ZAllotmentCreate, response: { 200: ZAllotmentCreated } } },
    async (req) => allotments.allot(app.db, requireUser(req.user), req.body),
  );

  app.get(
    `${H}/allotments/:id`,
    { config: users, schema: { params: ZIdParam, response: { 200: ZAllotmentDetail } } },
    async (req) => allotments.allotmentDetail(app.db, requireUser(req.user), req.params.id),
  );

  app.get(
    `${H}/allotments/:id/letter`,
    { config: users, schema: { params: ZIdParam, response: { 200: binaryResponse('application/pdf') } } },
    async (req, reply) => {
      const { pdf, name } = await documents.allotmentLetter(
        app.db,
        req.college,
        requireUser(req.user),
        req.params.id,
        publicBaseUrl(req),
      );
      return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', `${name}.pdf`)).send(pdf);
    },
  );

  app.post(
    `${H}/allotments/:id/transfer`,
    { config: staff, schema: { params: ZIdParam, body: ZRoomTransfer, response: { 200: ZAllotmentDetail } } },
    async (req) => allotments.transfer(app.db, requireUser(req.user), req.params.id, req.body),
  );

  app.post(
    `${H}/allotments/:id/vacate`,
    { config: staff, schema: { params: ZIdParam, body: ZVacate, response: { 200: ZVacateResult } } },
    async (req) => allotments.vacate(app.db, requireUser(req.user), req.params.id, req.body),
  );

  app.post(
    `${H}/allotments/:id/payments`,
    { config: staff, schema: { params: ZIdParam, body: ZHostelPayment, response: { 200: ZHostelPaymentResult } } },
    async (req) => allotments.recordPayment(app.db, requireUser(req.user), req.params.id, req.body),
  );

  app.get(
    `${H}/residents/export`,
    {
      config: staff,
      schema: { querystring: z.object({ buildingId: ZIdParam.shape.id.optional() }), response: { 200: binaryResponse(XLSX) } },
    },
    async (req, reply) => {
      const book = await documents.residentsWorkbook(app.db, req.college.id, req.query.buildingId);
      return reply.type(XLSX).header('content-disposition', contentDisposition('attachment', 'hostel-residents.xlsx')).send(book);
    },
  );

  // Transfer requests: the student asks, the incharge moves them (transfer with requestId) or refuses.
  app.get(
    `${H}/transfer-requests`,
    {
      config: users,
      schema: {
        querystring: z.object({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional() }),
        response: { 200: ZTransferRequestList },
      },
    },
    async (req) => allotments.listTransferRequests(app.db, requireUser(req.user), req.query.status),
  );

  app.post(
    `${H}/transfer-requests`,
    { config: { access: [ROLES.STUDENT] }, schema: { body: ZTransferRequestCreate, response: { 200: ZTransferRequest } } },
    async (req) => allotments.requestTransfer(app.db, requireUser(req.user), req.body),
  );

  app.post(
    `${H}/transfer-requests/:id/reject`,
    { config: staff, schema: { params: ZIdParam, body: ZHostelDecision, response: { 200: ZTransferRequest } } },
    async (req) => allotments.rejectTransferRequest(app.db, requireUser(req.user), req.params.id, req.body.note),
  );

  // Out-pass register.
  app.get(
    `${H}/outpasses`,
    { config: users, schema: { querystring: ZOutpassesQuery, response: { 200: ZOutpassList } } },
    async (req) => outpasses.listOutpasses(app.db, requireUser(req.user), req.query),
  );

  app.post(`${H}/outpasses`, { config: users, schema: { body: ZOutpassCreate, response: { 200: ZOutpass } } }, async (req) =>
    outpasses.createOutpass(app.db, requireUser(req.user), req.body),
  );

  app.post(
    `${H}/outpasses/:id/:step`,
    { config: staff, schema: { params: ZOutpassStepParams, body: ZOutpassStep, response: { 200: ZOutpass } } },
    async (req) => outpasses.stepOutpass(app.db, requireUser(req.user), req.params.id, req.params.step, req.body),
  );

  // The student's own hostel page.
  app.get(`${H}/me`, { config: { access: [ROLES.STUDENT] }, schema: { response: { 200: ZMyHostel } } }, async (req) =>
    outpasses.myHostel(app.db, requireUser(req.user)),
  );
}
