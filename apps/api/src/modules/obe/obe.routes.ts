import type { FastifyInstance } from 'fastify';
import { OBE_ADMIN_ROLES, OBE_EDIT_ROLES, OBE_VIEW_ROLES, ROLES, obeEndpoints as obe } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import * as attainment from './obe.attainment.js';
import * as reports from './obe.reports.js';
import * as service from './obe.service.js';
import { importMarks, marksTemplate } from './obe.sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/api/obe/...`: outcomes, CO–PO mapping, assessments and marks, the exit survey, attainment and its reports. */
export default async function obeRoutes(app: FastifyInstance) {
  const admin = { access: OBE_ADMIN_ROLES };
  const view = { access: OBE_VIEW_ROLES };
  const edit = { access: OBE_EDIT_ROLES };
  const student = { access: [ROLES.STUDENT] };
  const me = (req: { user: Parameters<typeof requireUser>[0] }) => requireUser(req.user);

  route(app, obe.summary, view, async (req) => service.summary(app.db, req.college.id));

  route(app, obe.settings, view, async (req) => service.settingsForForm(app.db, req.college.id, req.query.year));
  route(app, obe.saveSettings, admin, async (req) => service.saveSettings(app.db, me(req), req.body));
  route(app, obe.lockYear, admin, async (req) => service.lockYear(app.db, me(req), req.body));

  route(app, obe.programOutcomes, view, async (req) => service.programOutcomes(app.db, req.college.id, req.query.branchId));
  route(app, obe.saveProgramOutcomes, admin, async (req) => service.saveProgramOutcomes(app.db, me(req), req.body));
  route(app, obe.programChoices, view, async (req) => attainment.programChoices(app.db, req.college.id));

  route(app, obe.subjects, view, async (req) => service.subjects(app.db, me(req), req.query));
  route(app, obe.subjectOutcomes, view, async (req) => service.subjectOutcomes(app.db, me(req), req.params.subjectId));
  route(app, obe.saveSubjectOutcomes, edit, async (req) =>
    service.saveSubjectOutcomes(app.db, me(req), req.params.subjectId, req.body),
  );

  route(app, obe.assessments, view, async (req) => service.listAssessments(app.db, me(req), req.query));
  route(app, obe.createAssessment, edit, async (req) => service.createAssessment(app.db, me(req), req.body));
  route(app, obe.updateAssessment, edit, async (req) => service.updateAssessment(app.db, me(req), req.params.id, req.body));
  route(app, obe.deleteAssessment, edit, async (req) =>
    service.deleteAssessment(app.db, me(req), req.params.id, req.query.confirm === 'true'),
  );
  route(app, obe.marksSheet, view, async (req) => service.marksSheet(app.db, me(req), req.params.id));
  route(app, obe.saveMarks, edit, async (req) => service.saveMarks(app.db, me(req), req.params.id, req.body));
  route(app, obe.marksTemplate, edit, async (req, reply) => {
    const { book, name } = await marksTemplate(app.db, me(req), req.params.id);
    return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(book);
  });
  await uploadRoutes(app, (up) => {
    route(up, obe.importMarks, edit, async (req) => {
      const { files } = await readMultipart(req, app.config.MAX_UPLOAD_MB);
      return importMarks(app.db, me(req), req.params.id, files, req.query.dryRun === 'true');
    });
  });

  route(app, obe.subjectAttainment, view, async (req) =>
    attainment.subjectAttainment(app.db, me(req), req.params.subjectId, req.query),
  );
  route(app, obe.attainmentRows, view, async (req) =>
    attainment.attainmentRows(app.db, me(req), req.params.subjectId, req.query),
  );
  route(app, obe.subjectReport, view, async (req, reply) => {
    const a = await attainment.subjectAttainment(app.db, me(req), req.params.subjectId, req.query);
    const section = a.section ? `-${a.section.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}` : '';
    const name = `course-attainment-${a.subject.code}-${a.academicYear}${section}`;
    if (req.query.format === 'xlsx')
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await reports.subjectWorkbook(a));
    const pdf = await reports.subjectPdf(app.db, req.college, a, publicBaseUrl(req));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
  });
  route(app, obe.programAttainment, view, async (req) => attainment.programAttainment(app.db, me(req), req.query));
  route(app, obe.programReport, view, async (req, reply) => {
    const p = await attainment.programAttainment(app.db, me(req), req.query);
    const name = `program-attainment-${p.branch}-${p.batch}`;
    if (req.query.format === 'xlsx')
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await reports.programWorkbook(p));
    const pdf = await reports.programPdf(app.db, req.college, p, publicBaseUrl(req));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
  });

  route(app, obe.survey, student, async (req) => service.surveyForms(app.db, me(req)));
  route(app, obe.answerSurvey, student, async (req) => service.answerSurvey(app.db, me(req), req.params.subjectId, req.body));
}
