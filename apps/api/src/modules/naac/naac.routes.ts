import type { FastifyInstance, FastifyReply } from 'fastify';
import { QUALITY_ROLES, naacEndpoints as naac } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { naacWorkbook } from './naac.export.js';
import * as service from './naac.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const iqac = { access: QUALITY_ROLES };
const sendXlsx = (reply: FastifyReply, f: { data: Buffer; name: string }) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${f.name}"`).send(f.data);

/** NAAC's quantitative SSR metrics computed from the portal's data, their evidence and the export. */
export default async function naacRoutes(app: FastifyInstance) {
  route(app, naac.metrics, iqac, async (req) => service.metrics(app.db, req.college.id, req.query.year));
  route(app, naac.evidence, iqac, async (req) => service.evidence(app.db, req.college.id, req.params.metric, req.query.year));
  route(app, naac.export, iqac, async (req, reply) =>
    sendXlsx(reply, await naacWorkbook(app.db, req.college.id, req.query.years)),
  );
  route(app, naac.inputs, iqac, async (req) => service.naacFields(app.db, req.college.id, req.query.year));
  route(app, naac.saveInputs, iqac, async (req) => service.saveNaacFields(app.db, requireUser(req.user), req.body));
}
