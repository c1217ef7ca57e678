import type { FastifyInstance, FastifyReply } from 'fastify';
import { QUALITY_ROLES, nirfEndpoints as nirf } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { nirfWorkbook } from './nirf.export.js';
import * as service from './nirf.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const iqac = { access: QUALITY_ROLES };
const sendXlsx = (reply: FastifyReply, f: { data: Buffer; name: string }) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${f.name}"`).send(f.data);

/** NIRF (engineering) data capture filled from the portal, the computable scores and the export. */
export default async function nirfRoutes(app: FastifyInstance) {
  route(app, nirf.data, iqac, async (req) => service.data(app.db, req.college.id, req.query.year));
  route(app, nirf.export, iqac, async (req, reply) =>
    sendXlsx(reply, await nirfWorkbook(app.db, req.college.id, req.query.year)),
  );
  route(app, nirf.inputs, iqac, async (req) => service.nirfFields(app.db, req.college.id, req.query.year));
  route(app, nirf.saveInputs, iqac, async (req) => service.saveNirfFields(app.db, requireUser(req.user), req.body));
}
