import type { FastifyInstance } from 'fastify';
import { TRANSPORT_ROLES, transportEndpoints as transport } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './transport.service.js';
import * as waitlist from './transport.waitlist.js';
import { contentDisposition } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Vehicles, routes and stops, bus passes, expenses and the monthly report of the transport office. */
export default async function transportRoutes(app: FastifyInstance) {
  const office = { access: TRANSPORT_ROLES };

  route(app, transport.dashboard, office, async (req) => service.dashboard(app.db, req.college.id));

  // Vehicles
  route(app, transport.vehicles, office, async (req) => service.listVehicles(app.db, req.college.id));
  route(app, transport.createVehicle, office, async (req) => service.createVehicle(app.db, requireUser(req.user), req.body));
  route(app, transport.updateVehicle, office, async (req) =>
    service.updateVehicle(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, transport.retireVehicle, office, async (req) =>
    service.retireVehicle(app.db, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Routes and stops
  route(app, transport.routes, office, async (req) => service.listRoutes(app.db, req.college.id));
  route(app, transport.createRoute, office, async (req) => service.createRoute(app.db, requireUser(req.user), req.body));
  route(app, transport.updateRoute, office, async (req) =>
    service.updateRoute(app.db, requireUser(req.user), req.params.id, req.body),
  );

  // Passes
  route(app, transport.holders, office, async (req) =>
    service.searchHolders(app.db, req.college.id, req.query.holderType, req.query.q),
  );
  route(app, transport.passes, office, async (req) => service.listPasses(app.db, req.college.id, req.college.code, req.query));
  route(app, transport.issuePass, office, async (req) =>
    service.issuePass(app.db, requireUser(req.user), req.college.code, req.body, publicBaseUrl(req)),
  );
  // A student's (or staff member's) own passes.
  route(app, transport.myPasses, { access: 'user' }, async (req) =>
    service.myPasses(app.db, requireUser(req.user), req.college.code),
  );
  route(app, transport.cancelPass, office, async (req) =>
    service.cancelPass(app.db, requireUser(req.user), req.college.code, req.params.id, req.body),
  );
  route(app, transport.passPdf, { access: 'user' }, async (req, reply) => {
    const { pdf, name } = await service.passPdfFor(
      app.db,
      fileStorage(app.config),
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

  // Waiting lists of full routes
  route(app, transport.waitlist, office, async (req) => waitlist.listWaitlist(app.db, req.college.id, req.query));
  route(app, transport.joinWaitlist, office, async (req) => waitlist.joinWaitlist(app.db, requireUser(req.user), req.body));
  route(app, transport.confirmOffer, office, async (req) =>
    waitlist.confirmOffer(app.db, requireUser(req.user), req.college.code, req.params.id, publicBaseUrl(req)),
  );
  route(app, transport.withdrawEntry, office, async (req) =>
    waitlist.withdrawEntry(app.db, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Expenses
  route(app, transport.expenses, office, async (req) => service.listExpenses(app.db, req.college.id, req.query));
  route(app, transport.addExpense, office, async (req) => service.addExpense(app.db, requireUser(req.user), req.body));

  // Reports
  route(app, transport.monthlyReport, office, async (req) => service.monthlyReport(app.db, req.college.id, req.query.month));
  route(app, transport.monthlyWorkbook, office, async (req, reply) => {
    const book = await service.monthlyWorkbookFor(app.db, req.college, req.query.month);
    return reply
      .type(XLSX)
      .header('content-disposition', contentDisposition('attachment', `transport-${req.query.month}.xlsx`))
      .send(book);
  });
}
