import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { EXAM_ROLES, ZExamResultView, ZResultLookup, ZResultReport, ZStringList, resultsEndpoints as results } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { importResults } from './results.import.js';
import * as service from './results.service.js';
import { templateWorkbook } from './results.sheet.js';
import { contentDisposition } from '../../lib/downloads.js';
import { lookupResponse, lookupVariant, proxyExpiry } from './results.answer.js';
import { readVersionForProxy } from './results.lookup.js';
import { lookupLane, rememberAsked } from './results.express.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function resultsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  // The memo's QR code opens the web app: the configured public address, else the one this request came to.
  const origin = (req: FastifyRequest) => (cfg.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const read = root.readDb;

  // Legacy public calls (api-contract.md), by hand with the schemas of their web definitions
  // (resultsEndpoints: the typed-endpoints guard checks they are the same).

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
      // Through a proxy, an answer is kept by it for the second its version was read in (proxyExpiry).
      if (req.headers['x-forwarded-for']) readVersionForProxy(read, req.college.id);
      // Results day's repeats: an answer already built goes out without waiting on anything.
      const ready = service.lookupAnswerNow(read, req.college.id, rollNo, examTitle);
      if (ready) return sendLookup(read, req, reply, ready);
      return service
        .lookupAnswer(read, req.college.id, rollNo, examTitle)
        .then((answer) => sendLookup(read, req, reply, answer));
    },
  );
  // ... and answered before Fastify when built (results.express.ts).
  if (root.config.RESULTS_EXPRESS_LANE) root.expressLanes.push(lookupLane(root));

  app.get(
    `${V1}/getExamResultByRollNoReport`,
    { config: { access: 'public' }, schema: { querystring: ZResultLookup, response: { 200: ZResultReport } } },
    async (req) => service.resultReport(app.db, read, req.college, req.query.rollNo, req.query.examTitle, origin(req)),
  );

  route(app, results.verifyMemo, { access: 'public' }, async (req) => service.verifyMemo(app.db, req.college, req.params.code));

  // Exam cell.
  route(app, results.template, { access: EXAM_ROLES }, async (_req, reply) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', contentDisposition('attachment', 'exam-results-template.xlsx'))
      .send(await templateWorkbook()),
  );

  await uploadRoutes(root, (up) => {
    route(up, results.import, { access: EXAM_ROLES }, async (req) => {
      const { files } = await readMultipart(req, cfg.MAX_UPLOAD_MB);
      return importResults(app.db, req.college.id, files, req.query.dryRun === 'true', { actor: req.user, ip: req.ip });
    });
  });

  route(app, results.titles, { access: EXAM_ROLES }, async (req) => service.titleList(app.db, req.college.id));

  route(app, results.setPublished, { access: EXAM_ROLES }, async (req) =>
    service.publish(app.db, req.college.id, req.params.id, req.body.published, { actor: req.user, ip: req.ip }),
  );
}

/** The lookup's answer through Fastify (its hooks have set the security and CORS headers). */
function sendLookup(read: Database, req: FastifyRequest, reply: FastifyReply, answer: service.Lookup): void {
  rememberAsked(read, req.college.id, req.url, answer);
  const vary = reply.getHeader('vary'); // CORS may have set Origin
  const variant = lookupVariant(answer, req.headers['accept-encoding'], req.headers['if-none-match']);
  const out = lookupResponse(answer, variant, vary ? String(vary) : undefined);
  reply
    .code(out.status)
    .headers(out.headers)
    .header('x-accel-expires', proxyExpiry(read, req.college.id, answer))
    .send(out.body);
}
