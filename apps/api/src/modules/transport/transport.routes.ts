import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  TRANSPORT_ROLES,
  ZExpense,
  ZExpenseInput,
  ZExpensePage,
  ZExpenseQuery,
  binaryResponse,
  ZIdParam,
  ZMonthlyReport,
  ZPass,
  ZPassCancel,
  ZPassCancelled,
  ZPassHolderList,
  ZPassHolderQuery,
  ZPassInput,
  ZPassPage,
  ZPassQuery,
  ZRetireVehicle,
  ZRoute,
  ZRouteInput,
  ZRouteList,
  ZTransportDashboard,
  ZTransportMonthQuery,
  ZVehicle,
  ZVehicleInput,
  ZVehicleList,
  ZWaitlistEntry,
  ZWaitlistInput,
  ZWaitlistList,
  ZWaitlistQuery,
  ZWaitlistWithdraw,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './transport.service.js';
import * as waitlist from './transport.waitlist.js';
import { contentDisposition } from '../../lib/downloads.js';

const BASE = `${API}/transport`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Vehicles, routes and stops, bus passes, expenses and the monthly report of the transport office. */
export default async function transportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const office = { access: TRANSPORT_ROLES };

  app.get(`${BASE}/dashboard`, { config: office, schema: { response: { 200: ZTransportDashboard } } }, async (req) =>
    service.dashboard(app.db, req.college.id),
  );

  // Vehicles
  app.get(`${BASE}/vehicles`, { config: office, schema: { response: { 200: ZVehicleList } } }, async (req) =>
    service.listVehicles(app.db, req.college.id),
  );
  app.post(`${BASE}/vehicles`, { config: office, schema: { body: ZVehicleInput, response: { 200: ZVehicle } } }, async (req) =>
    service.createVehicle(app.db, requireUser(req.user), req.body),
  );
  app.put(
    `${BASE}/vehicles/:id`,
    { config: office, schema: { params: ZIdParam, body: ZVehicleInput, response: { 200: ZVehicle } } },
    async (req) => service.updateVehicle(app.db, requireUser(req.user), req.params.id, req.body),
  );
  app.post(
    `${BASE}/vehicles/:id/retire`,
    { config: office, schema: { params: ZIdParam, body: ZRetireVehicle, response: { 200: ZVehicle } } },
    async (req) => service.retireVehicle(app.db, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Routes and stops
  app.get(`${BASE}/routes`, { config: office, schema: { response: { 200: ZRouteList } } }, async (req) =>
    service.listRoutes(app.db, req.college.id),
  );
  app.post(`${BASE}/routes`, { config: office, schema: { body: ZRouteInput, response: { 200: ZRoute } } }, async (req) =>
    service.createRoute(app.db, requireUser(req.user), req.body),
  );
  app.put(
    `${BASE}/routes/:id`,
    { config: office, schema: { params: ZIdParam, body: ZRouteInput, response: { 200: ZRoute } } },
    async (req) => service.updateRoute(app.db, requireUser(req.user), req.params.id, req.body),
  );

  // Passes
  app.get(
    `${BASE}/holders`,
    { config: office, schema: { querystring: ZPassHolderQuery, response: { 200: ZPassHolderList } } },
    async (req) => service.searchHolders(app.db, req.college.id, req.query.holderType, req.query.q),
  );
  app.get(`${BASE}/passes`, { config: office, schema: { querystring: ZPassQuery, response: { 200: ZPassPage } } }, async (req) =>
    service.listPasses(app.db, req.college.id, req.college.code, req.query),
  );
  app.post(`${BASE}/passes`, { config: office, schema: { body: ZPassInput, response: { 200: ZPass } } }, async (req) =>
    service.issuePass(app.db, requireUser(req.user), req.college.code, req.body, publicBaseUrl(req)),
  );
  // A student's (or staff member's) own passes.
  app.get(`${BASE}/passes/mine`, { config: { access: 'user' }, schema: { response: { 200: z.array(ZPass) } } }, async (req) =>
    service.myPasses(app.db, requireUser(req.user), req.college.code),
  );
  app.post(
    `${BASE}/passes/:id/cancel`,
    { config: office, schema: { params: ZIdParam, body: ZPassCancel, response: { 200: ZPassCancelled } } },
    async (req) => service.cancelPass(app.db, requireUser(req.user), req.college.code, req.params.id, req.body.reason),
  );
  app.get(
    `${BASE}/passes/:id/pdf`,
    { config: { access: 'user' }, schema: { params: ZIdParam, response: { 200: binaryResponse('application/pdf') } } },
    async (req, reply) => {
      const { pdf, name } = await service.passPdfFor(
        app.db,
        app.config.UPLOAD_DIR,
        req.college,
        requireUser(req.user),
        req.params.id,
        publicBaseUrl(req),
      );
      return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', `${name}.pdf`)).send(pdf);
    },
  );

  // Waiting lists of full routes
  app.get(
    `${BASE}/waitlist`,
    { config: office, schema: { querystring: ZWaitlistQuery, response: { 200: ZWaitlistList } } },
    async (req) => waitlist.listWaitlist(app.db, req.college.id, req.query),
  );
  app.post(`${BASE}/waitlist`, { config: office, schema: { body: ZWaitlistInput, response: { 200: ZWaitlistEntry } } }, async (req) =>
    waitlist.joinWaitlist(app.db, requireUser(req.user), req.body),
  );
  app.post(
    `${BASE}/waitlist/:id/confirm`,
    { config: office, schema: { params: ZIdParam, response: { 200: ZPass } } },
    async (req) => waitlist.confirmOffer(app.db, requireUser(req.user), req.college.code, req.params.id, publicBaseUrl(req)),
  );
  app.post(
    `${BASE}/waitlist/:id/withdraw`,
    { config: office, schema: { params: ZIdParam, body: ZWaitlistWithdraw, response: { 200: ZWaitlistEntry } } },
    async (req) => waitlist.withdrawEntry(app.db, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Expenses
  app.get(
    `${BASE}/expenses`,
    { config: office, schema: { querystring: ZExpenseQuery, response: { 200: ZExpensePage } } },
    async (req) => service.listExpenses(app.db, req.college.id, req.query),
  );
  app.post(`${BASE}/expenses`, { config: office, schema: { body: ZExpenseInput, response: { 200: ZExpense } } }, async (req) =>
    service.addExpense(app.db, requireUser(req.user), req.body),
  );

  // Reports
  app.get(
    `${BASE}/reports/monthly`,
    { config: office, schema: { querystring: ZTransportMonthQuery, response: { 200: ZMonthlyReport } } },
    async (req) => service.monthlyReport(app.db, req.college.id, req.query.month),
  );
  app.get(
    `${BASE}/reports/monthly.xlsx`,
    { config: office, schema: { querystring: ZTransportMonthQuery, response: { 200: binaryResponse(XLSX) } } },
    async (req, reply) => {
      const book = await service.monthlyWorkbookFor(app.db, req.college, req.query.month);
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `transport-${req.query.month}.xlsx`))
        .send(book);
    },
  );
}
