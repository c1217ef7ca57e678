import type { FastifyInstance } from 'fastify';
import { EXAM_CELL_ROLES, EXAM_CONDONE_ROLES, ROLES, examsEndpoints as exams } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { contentDisposition } from '../../lib/downloads.js';
import { route } from '../../lib/endpoint-route.js';
import { forbidden } from '../../lib/errors.js';
import { fileStorage } from '../../lib/storage/index.js';
import { requireUser } from '../../plugins/auth.js';
import { condone, eligibility } from './eligibility.js';
import * as service from './exams.service.js';
import { hallTicketFile, issueHallTickets } from './hall-tickets.js';
import { myExams } from './me.js';
import { BATCH_JOB, batchFile, batchJob, getBatch, requestBatch } from './ticket-batches.js';
import { sendShortageNotices, shortageNotices } from './notices.js';
import * as registrations from './registrations.js';
import * as repo from './exams.repo.js';

/** The exam cell before the exam: exams, registrations, eligibility and condonation, hall tickets. */
export default async function examsRoutes(app: FastifyInstance) {
  const cell = { access: EXAM_CELL_ROLES };
  const storage = fileStorage(app.config);
  // the principal reads what they condone from
  const readers = { access: [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES] };
  const actor = (req: { user: unknown }) => requireUser(req.user as never);

  // teachers and HoDs pick the exam whose marks they enter
  route(app, exams.list, { access: [...readers.access, ROLES.FACULTY, ROLES.HOD] }, async (req) =>
    service.listExams(app.db, req.college.id, req.query),
  );
  route(app, exams.create, cell, async (req) => service.createExam(app.db, req.college.id, actor(req), req.body));
  route(app, exams.get, readers, async (req) => service.getExam(app.db, req.college.id, req.params.id));
  route(app, exams.update, cell, async (req) => service.updateExam(app.db, req.college.id, req.params.id, req.body));

  route(app, exams.register, { access: [...EXAM_CELL_ROLES, ROLES.STUDENT] }, async (req) => {
    const user = actor(req);
    const isCell = user.roles.some((r) => EXAM_CELL_ROLES.includes(r as never));
    const self = isCell ? null : await repo.studentOfUser(app.db, req.college.id, user.id);
    if (!isCell && !self) throw forbidden('This login is not linked to a student record');
    return registrations.register(
      app.db,
      req.college.id,
      user,
      req.params.id,
      req.body,
      self ? { studentId: self.id, rollNo: self.roll_no } : null,
    );
  });
  route(app, exams.registrations, readers, async (req) =>
    registrations.registrationList(app.db, req.college.id, req.params.id, req.query),
  );
  route(app, exams.verify, cell, async (req) =>
    registrations.setStatus(app.db, req.college.id, actor(req), req.params.id, req.body.ids, req.body.status),
  );

  route(app, exams.eligibility, readers, async (req) => eligibility(app.db, req.college.id, req.params.id, req.query));
  route(app, exams.condone, { access: EXAM_CONDONE_ROLES }, async (req) =>
    condone(app.db, req.college.id, actor(req), req.params.id, req.body),
  );
  route(app, exams.sendShortageNotices, cell, async (req) =>
    sendShortageNotices(app.db, req.college.id, actor(req), req.params.id),
  );
  route(app, exams.shortageNotices, readers, async (req) => shortageNotices(app.db, req.college.id, req.params.id));

  route(app, exams.issueHallTickets, cell, async (req) =>
    issueHallTickets(app.db, req.college.id, actor(req), req.params.id, req.body, publicBaseUrl(req)),
  );
  route(app, exams.hallTicketPdf, { access: 'user' }, async (req, reply) => {
    const { pdf, name } = await hallTicketFile(
      app.db,
      storage,
      req.college,
      actor(req),
      req.params.id,
      req.params.rollNo,
      publicBaseUrl(req),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
      .send(pdf);
  });
  app.jobHandlers[BATCH_JOB] = batchJob(app.db, storage);
  route(app, exams.printTickets, cell, async (req) =>
    requestBatch(app.db, req.college.id, actor(req), req.params.id, req.body.branch, publicBaseUrl(req)),
  );
  route(app, exams.ticketBatch, cell, async (req) => getBatch(app.db, req.college.id, req.params.id, req.params.batchId));
  route(app, exams.ticketBatchPdf, cell, async (req, reply) => {
    const { file, name } = await batchFile(app.db, storage, req.college.id, req.params.id, req.params.batchId);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', name)).send(file.body);
  });
  route(app, exams.mine, { access: [ROLES.STUDENT, ROLES.PARENT] }, async (req) =>
    myExams(app.db, actor(req), req.query.studentId),
  );
}
