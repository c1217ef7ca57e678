import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { QUALITY_ROLES, ZNirfData, ZQualityFields, ZQualityFieldsSave, ZQualityYearQuery } from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import { nirfWorkbook } from './nirf.export.js';
import * as service from './nirf.service.js';

const BASE = `${API}/nirf`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const iqac = { access: QUALITY_ROLES };
const sendXlsx = (reply: FastifyReply, f: { data: Buffer; name: string }) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${f.name}"`).send(f.data);

/** NIRF (engineering) data capture filled from the portal, the computable scores and the export. */
export default async function nirfRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${BASE}/data`,
    { config: iqac, schema: { querystring: ZQualityYearQuery, response: { 200: ZNirfData } } },
    async (req) => service.data(app.db, req.college.id, req.query.year),
  );

  app.get(
    `${BASE}/export`,
    { config: iqac, schema: { querystring: ZQualityYearQuery, response: { 200: z.any().describe(XLSX) } } },
    async (req, reply) => sendXlsx(reply, await nirfWorkbook(app.db, req.college.id, req.query.year)),
  );

  app.get(
    `${BASE}/inputs`,
    { config: iqac, schema: { querystring: ZQualityYearQuery, response: { 200: ZQualityFields } } },
    async (req) => service.nirfFields(app.db, req.college.id, req.query.year),
  );

  app.put(
    `${BASE}/inputs`,
    { config: iqac, schema: { body: ZQualityFieldsSave, response: { 200: ZQualityFields } } },
    async (req) => service.saveNirfFields(app.db, requireUser(req.user), req.body),
  );
}
