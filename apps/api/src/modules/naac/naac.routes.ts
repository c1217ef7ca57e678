import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  QUALITY_ROLES,
  ZNaacEvidence,
  ZNaacMetricParams,
  ZNaacMetrics,
  ZQualityFields,
  ZQualityFieldsSave,
  ZQualityYearQuery,
  ZQualityYearsQuery,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import { naacWorkbook } from './naac.export.js';
import * as service from './naac.service.js';

const BASE = `${API}/naac`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const iqac = { access: QUALITY_ROLES };
const sendXlsx = (reply: FastifyReply, f: { data: Buffer; name: string }) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${f.name}"`).send(f.data);

/** NAAC's quantitative SSR metrics computed from the portal's data, their evidence and the export. */
export default async function naacRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${BASE}/metrics`,
    { config: iqac, schema: { querystring: ZQualityYearQuery, response: { 200: ZNaacMetrics } } },
    async (req) => service.metrics(app.db, req.college.id, req.query.year),
  );

  app.get(
    `${BASE}/metrics/:metric/evidence`,
    { config: iqac, schema: { params: ZNaacMetricParams, querystring: ZQualityYearQuery, response: { 200: ZNaacEvidence } } },
    async (req) => service.evidence(app.db, req.college.id, req.params.metric, req.query.year),
  );

  app.get(
    `${BASE}/export`,
    { config: iqac, schema: { querystring: ZQualityYearsQuery, response: { 200: z.any().describe(XLSX) } } },
    async (req, reply) => sendXlsx(reply, await naacWorkbook(app.db, req.college.id, req.query.years)),
  );

  app.get(
    `${BASE}/inputs`,
    { config: iqac, schema: { querystring: ZQualityYearQuery, response: { 200: ZQualityFields } } },
    async (req) => service.naacFields(app.db, req.college.id, req.query.year),
  );

  app.put(
    `${BASE}/inputs`,
    { config: iqac, schema: { body: ZQualityFieldsSave, response: { 200: ZQualityFields } } },
    async (req) => service.saveNaacFields(app.db, requireUser(req.user), req.body),
  );
}
