import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXAM_CELL_ROLES, ROLES, examResultsEndpoints as records } from '@erp/shared';
import { publicBaseUrl } from '../../../lib/documents.js';
import { contentDisposition } from '../../../lib/downloads.js';
import { route } from '../../../lib/endpoint-route.js';
import { fileStorage } from '../../../lib/storage/index.js';
import { requireUser } from '../../../plugins/auth.js';
import { myAbcId, saveMyAbcId } from './abc-id.js';
import { certificateFile } from './certificates.js';
import { gradeCardFile } from './grade-card.js';
import { nadFile } from './nad.js';
import { transcriptFile } from './transcript.js';

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; name: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('attachment', `${file.name}.pdf`))
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

/** The exam cell's records: grade cards, transcripts, certificates, the NAD export and ABC ids. */
export default async function examRecordsRoutes(app: FastifyInstance) {
  const storage = fileStorage(app.config);
  const actor = (req: { user: unknown }) => requireUser(req.user as never);
  // Who of these may have which record (the student their own, a parent their child's) is decided per record.
  const holders = { access: [...EXAM_CELL_ROLES, ROLES.STUDENT, ROLES.PARENT] };

  route(app, records.gradeCard, holders, async (req, reply) =>
    sendPdf(reply, await gradeCardFile(app.db, storage, actor(req), req.params.id, req.params.rollNo, publicBaseUrl(req))),
  );
  route(app, records.transcript, holders, async (req, reply) =>
    sendPdf(reply, await transcriptFile(app.db, storage, actor(req), req.params.rollNo, publicBaseUrl(req))),
  );
  route(app, records.provisional, holders, async (req, reply) =>
    sendPdf(reply, await certificateFile(app.db, storage, actor(req), 'provisional', req.params.rollNo, publicBaseUrl(req))),
  );
  route(app, records.degree, holders, async (req, reply) =>
    sendPdf(reply, await certificateFile(app.db, storage, actor(req), 'degree', req.params.rollNo, publicBaseUrl(req))),
  );
  route(app, records.nad, { access: EXAM_CELL_ROLES }, async (req, reply) => {
    const { csv, name } = await nadFile(app.db, req.college.id, req.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', name))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  route(app, records.abcId, { access: [ROLES.STUDENT] }, async (req) => myAbcId(app.db, actor(req)));
  route(app, records.myAbcId, { access: [ROLES.STUDENT] }, async (req) =>
    saveMyAbcId(app.db, actor(req), req.body.abcId, req.ip),
  );
}
