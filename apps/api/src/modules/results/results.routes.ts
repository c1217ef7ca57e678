import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { EXAM_ROLES, MSG, ZPublishTitle, ZResultLookup } from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { badRequest } from '../../lib/errors.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { importResults } from './results.import.js';
import * as repo from './results.repo.js';
import * as service from './results.service.js';
import { templateWorkbook } from './results.sheet.js';

const BASE = `${API}/exam-results`;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function resultsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  // The memo's QR code opens the web app: the configured public address, else the one this request came to.
  const origin = (req: FastifyRequest) => (cfg.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const read = root.readDb;

  // Legacy public calls (api-contract.md).

  app.get(`${V1}/getDistinctExamTitlesBy`, { config: { access: 'public' } }, async (req) =>
    repo.publishedTitles(read, req.college.id),
  );

  app.get(
    `${V1}/getExamResultByRollNoView`,
    { config: { access: 'public' }, schema: { querystring: ZResultLookup } },
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await service.resultViewJson(read, req.college.id, req.query.rollNo, req.query.examTitle)),
  );

  app.get(
    `${V1}/getExamResultByRollNoReport`,
    { config: { access: 'public' }, schema: { querystring: ZResultLookup } },
    async (req) => service.resultReport(app.db, req.college, req.query.rollNo, req.query.examTitle, origin(req)),
  );

  app.get(
    `${BASE}/verify/:code`,
    { config: { access: 'public' }, schema: { params: z.object({ code: z.string().max(100) }) } },
    async (req) => service.verifyMemo(app.db, req.college, req.params.code),
  );

  // Exam cell.
  app.get(`${BASE}/template`, { config: { access: EXAM_ROLES } }, async (_req, reply) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', 'attachment; filename="exam-results-template.xlsx"')
      .send(await templateWorkbook()),
  );

  await uploadRoutes(root, (up) => {
    up.post(
      `${BASE}/import`,
      {
        config: { access: EXAM_ROLES },
        schema: { querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }) },
      },
      async (req) => {
        const body = await readMultipart(req, cfg.MAX_UPLOAD_MB);
        const file = body.files.find((f) => f.fieldname === 'excelFileUpload') ?? body.files[0];
        if (!file) throw badRequest(MSG.unableToUploadExcel, { errors: [MSG.fileNotUploaded] });
        return importResults(app.db, req.college.id, file.buffer, req.query.dryRun === 'true');
      },
    );
  });

  app.get(`${BASE}/titles`, { config: { access: EXAM_ROLES } }, async (req) => service.titleList(app.db, req.college.id));

  app.patch(
    `${BASE}/titles/:id`,
    {
      config: { access: EXAM_ROLES },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: ZPublishTitle },
    },
    async (req) => service.publish(app.db, req.college.id, req.params.id, req.body.published),
  );
}
