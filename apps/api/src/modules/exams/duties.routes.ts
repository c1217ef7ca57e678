import type { FastifyInstance } from 'fastify';
import { EXAM_CELL_ROLES, EXAM_CONDONE_ROLES, ROLES, examDutiesEndpoints as duties } from '@erp/shared';
import { issueDocument, publicBaseUrl } from '../../lib/documents.js';
import { contentDisposition } from '../../lib/downloads.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { dutyLetterPdf, scriptLabelsPdf } from './duties-pdf.js';
import { examOrThrow } from './exams.service.js';
import { askSwap, decideSwap, dutiesOf, freeColleagues, myDuties, planInvigilation, roster } from './invigilation.js';
import { markScripts, numberScripts, scriptList } from './scripts.js';
import { today } from './registrations.js';
import * as dutiesRepo from './duties.repo.js';

const MAX_LABELS = 6000;

/** The exam's invigilation roster and answer scripts. */
export default async function examDutiesRoutes(app: FastifyInstance) {
  const cell = { access: EXAM_CELL_ROLES };
  const readers = { access: [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES] };
  const actor = (req: { user: unknown }) => requireUser(req.user as never);
  const pdf = (reply: import('fastify').FastifyReply, buf: Buffer, name: string) =>
    reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', name)).send(buf);

  route(app, duties.planInvigilation, cell, async (req) =>
    planInvigilation(app.db, req.college.id, req.params.id, req.body.studentsPerInvigilator),
  );
  route(app, duties.roster, readers, async (req) => roster(app.db, req.college.id, req.params.id));
  route(app, duties.freeColleagues, { access: [...EXAM_CELL_ROLES, ROLES.FACULTY, ROLES.HOD] }, async (req) =>
    freeColleagues(app.db, actor(req), req.params.id, req.params.dutyId),
  );
  route(app, duties.askSwap, { access: [...EXAM_CELL_ROLES, ROLES.FACULTY, ROLES.HOD] }, async (req) =>
    askSwap(app.db, actor(req), req.params.id, req.params.dutyId, req.body),
  );
  route(app, duties.decideSwap, cell, async (req) =>
    decideSwap(app.db, req.college.id, req.params.id, req.params.dutyId, req.body.approve),
  );
  route(app, duties.dutyLetter, cell, async (req, reply) => {
    const exam = await examOrThrow(app.db, req.college.id, req.params.id);
    const rows = await dutiesOf(app.db, req.college.id, req.params.id, req.params.facultyId);
    const { code, verifyUrl } = await issueDocument(
      app.db,
      {
        collegeId: req.college.id,
        kind: 'invigilation-duty',
        title: `Invigilation duties: ${exam.name}`,
        holder: `${rows[0].faculty} (${rows[0].department})`,
        fields: rows.map((d) => ({ label: `${d.date} ${d.session}`, value: d.room })),
      },
      publicBaseUrl(req),
    );
    const buf = await dutyLetterPdf({
      collegeName: req.college.name,
      examName: exam.name,
      faculty: { name: rows[0].faculty, department: rows[0].department },
      duties: rows,
      issuedOn: today(),
      verifyUrl,
      code,
    });
    return pdf(reply, buf, `invigilation-${req.params.facultyId}.pdf`);
  });
  route(app, duties.myDuties, { access: [ROLES.FACULTY, ROLES.HOD] }, async (req) => myDuties(app.db, actor(req)));

  route(app, duties.numberScripts, cell, async (req) => numberScripts(app.db, req.college.id, actor(req), req.params.id));
  route(app, duties.scripts, cell, async (req) => scriptList(app.db, req.college.id, req.params.id, req.query));
  route(app, duties.markScripts, cell, async (req) => markScripts(app.db, req.college.id, actor(req), req.params.id, req.body));
  route(app, duties.scriptLabels, cell, async (req, reply) => {
    await examOrThrow(app.db, req.college.id, req.params.id);
    const rows = await dutiesRepo.scriptList(app.db, req.college.id, req.params.id, req.query).limit(MAX_LABELS).execute();
    const buf = await scriptLabelsPdf(
      rows.map((s) => ({ dummyNo: s.dummy_no, paper: `${s.code} ${s.subject}`, date: s.date, session: s.session })),
    );
    return pdf(reply, buf, `answer-script-labels-${req.params.id}.pdf`);
  });
}
