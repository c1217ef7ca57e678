import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  EXAM_ROLES,
  ZExamResultView,
  ZExamTitleList,
  ZExamTitleSummary,
  ZMemoVerification,
  ZPublishTitle,
  ZResultImportParts,
  ZResultImportReport,
  ZResultLookup,
  ZResultReport,
  ZStringList,
  binaryResponse,
} from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { importResults } from './results.import.js';
import * as service from './results.service.js';
import { templateWorkbook } from './results.sheet.js';
import { contentDisposition } from '../../lib/downloads.js';
import { COMPRESS_FROM_BYTES, pickEncoding } from '../../lib/encodings.js';

const BASE = `${API}/exam-results`;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function resultsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  // The memo's QR code opens the web app: the configured public address, else the one this request came to.
  const origin = (req: FastifyRequest) => (cfg.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const read = root.readDb;

  // Legacy public calls (api-contract.md).

  app.get(
    `${V1}/getDistinctExamTitlesBy`,
    { config: { access: 'public' }, schema: { response: { 200: ZStringList } } },
    async (req) => service.publishedTitles(read, req.college.id),
  );

  app.get(
    `${V1}/getExamResultByRollNoView`,
    // Answered with JSON text kept per results version (the schema documents it; nothing re-serializes
    // it), and compressed once per answer (sendLookup), so the compress plugin stays out of its way.
    {
      compress: false,
      decompress: false,
      config: { access: 'public' },
      schema: { querystring: ZResultLookup, response: { 200: ZExamResultView } },
    },
    (req, reply) => {
      const { rollNo, examTitle } = req.query;
      // Results day's repeats: an answer already built goes out without waiting on anything.
      const ready = service.lookupAnswerNow(read, req.college.id, rollNo, examTitle);
      if (ready) return sendLookup(req, reply, ready);
      return service.lookupAnswer(read, req.college.id, rollNo, examTitle).then((answer) => sendLookup(req, reply, answer));
    },
  );

  app.get(
    `${V1}/getExamResultByRollNoReport`,
    { config: { access: 'public' }, schema: { querystring: ZResultLookup, response: { 200: ZResultReport } } },
    async (req) => service.resultReport(app.db, read, req.college, req.query.rollNo, req.query.examTitle, origin(req)),
  );

  app.get(
    `${BASE}/verify/:code`,
    {
      config: { access: 'public' },
      schema: { params: z.object({ code: z.string().max(100) }), response: { 200: ZMemoVerification } },
    },
    async (req) => service.verifyMemo(app.db, req.college, req.params.code),
  );

  // Exam cell.
  app.get(
    `${BASE}/template`,
    { config: { access: EXAM_ROLES }, schema: { response: { 200: binaryResponse(XLSX_MIME) } } },
    async (_req, reply) =>
      reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', 'exam-results-template.xlsx'))
        .send(await templateWorkbook()),
  );

  await uploadRoutes(root, (up) => {
    up.post(
      `${BASE}/import`,
      {
        config: { access: EXAM_ROLES },
        schema: {
          querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
          multipart: ZResultImportParts,
          response: { 200: ZResultImportReport },
        },
      },
      async (req) => {
        const { files } = await readMultipart(req, cfg.MAX_UPLOAD_MB);
        return importResults(app.db, req.college.id, files, req.query.dryRun === 'true');
      },
    );
  });

  app.get(`${BASE}/titles`, { config: { access: EXAM_ROLES }, schema: { response: { 200: ZExamTitleList } } }, async (req) =>
    service.titleList(app.db, req.college.id),
  );

  app.patch(
    `${BASE}/titles/:id`,
    {
      config: { access: EXAM_ROLES },
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZPublishTitle,
        response: { 200: ZExamTitleSummary },
      },
    },
    async (req) => service.publish(app.db, req.college.id, req.params.id, req.body.published),
  );
}

/**
 * A lookup answer served like a static file: the same bytes until the results change, so a repeat
 * is a 304; a client that takes brotli or gzip gets the bytes compressed once for all askers.
 */
function sendLookup(req: FastifyRequest, reply: FastifyReply, answer: service.Lookup): void {
  const vary = reply.getHeader('vary'); // CORS may have set Origin
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (req.headers['if-none-match'] === answer.etag) {
    reply.code(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8');
  const encoding = answer.json.length >= COMPRESS_FROM_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) reply.header('content-encoding', encoding).send(service.encodedAnswer(answer, encoding));
  else reply.send(answer.json);
}
