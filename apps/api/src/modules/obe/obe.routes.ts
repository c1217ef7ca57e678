import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  binaryResponse,
  OBE_ADMIN_ROLES,
  OBE_EDIT_ROLES,
  OBE_VIEW_ROLES,
  ROLES,
  ZAcademicYearQuery,
  ZAssessment,
  ZAssessmentDeleted,
  ZAssessmentDeleteQuery,
  ZAssessmentInput,
  ZAssessmentUpdate,
  ZAssessmentList,
  ZAssessmentsQuery,
  ZAttainmentRows,
  ZAttainmentRowsQuery,
  ZIdParam,
  ZImportReport,
  ZMarksImportParts,
  ZMarksInput,
  ZMarksSaved,
  ZMarksSheet,
  ZMessage,
  ZObeSettings,
  ZObeSettingsInput,
  ZObeSubjectList,
  ZObeSubjectsQuery,
  ZObeSummary,
  ZObeYearLocked,
  ZObeYearLockInput,
  ZProgramAttainment,
  ZProgramAttainmentQuery,
  ZProgramChoices,
  ZProgramOutcomeList,
  ZProgramOutcomesInput,
  ZProgramOutcomesQuery,
  ZSubjectAttainment,
  ZSubjectAttainmentQuery,
  ZSubjectOutcomes,
  ZSubjectOutcomesInput,
  ZSubjectParams,
  ZSurveyForms,
  ZSurveyInput,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { requireUser } from '../../plugins/auth.js';
import * as attainment from './obe.attainment.js';
import * as reports from './obe.reports.js';
import * as service from './obe.service.js';
import { importMarks, marksTemplate } from './obe.sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZFormat = z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') });

/** `/api/obe/...`: outcomes, CO–PO mapping, assessments and marks, the exit survey, attainment and its reports. */
export default async function obeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const B = `${API}/obe`;
  const admin = { access: OBE_ADMIN_ROLES };
  const view = { access: OBE_VIEW_ROLES };
  const edit = { access: OBE_EDIT_ROLES };
  const student = { access: [ROLES.STUDENT] };
  const me = (req: { user: Parameters<typeof requireUser>[0] }) => requireUser(req.user);

  app.get(`${B}/summary`, { config: view, schema: { response: { 200: ZObeSummary } } }, async (req) => service.summary(app.db, req.college.id));

  app.get(`${B}/settings`, { config: view, schema: { querystring: ZAcademicYearQuery, response: { 200: ZObeSettings } } }, async (req) =>
    service.settingsForForm(app.db, req.college.id, req.query.year),
  );
  app.put(`${B}/settings`, { config: admin, schema: { body: ZObeSettingsInput, response: { 200: ZObeSettings } } }, async (req) =>
    service.saveSettings(app.db, me(req), req.body),
  );
  app.put(`${B}/settings/lock`, { config: admin, schema: { body: ZObeYearLockInput, response: { 200: ZObeYearLocked } } }, async (req) =>
    service.lockYear(app.db, me(req), req.body),
  );

  app.get(
    `${B}/program-outcomes`,
    { config: view, schema: { querystring: ZProgramOutcomesQuery, response: { 200: ZProgramOutcomeList } } },
    async (req) => service.programOutcomes(app.db, req.college.id, req.query.branchId),
  );
  app.put(
    `${B}/program-outcomes`,
    { config: admin, schema: { body: ZProgramOutcomesInput, response: { 200: ZProgramOutcomeList } } },
    async (req) => service.saveProgramOutcomes(app.db, me(req), req.body),
  );
  app.get(`${B}/program-choices`, { config: view, schema: { response: { 200: ZProgramChoices } } }, async (req) =>
    attainment.programChoices(app.db, req.college.id),
  );

  app.get(`${B}/subjects`, { config: view, schema: { querystring: ZObeSubjectsQuery, response: { 200: ZObeSubjectList } } }, async (req) =>
    service.subjects(app.db, me(req), req.query),
  );
  app.get(
    `${B}/outcomes/:subjectId`,
    { config: view, schema: { params: ZSubjectParams, response: { 200: ZSubjectOutcomes } } },
    async (req) => service.subjectOutcomes(app.db, me(req), req.params.subjectId),
  );
  app.put(
    `${B}/outcomes/:subjectId`,
    { config: edit, schema: { params: ZSubjectParams, body: ZSubjectOutcomesInput, response: { 200: ZSubjectOutcomes } } },
    async (req) => service.saveSubjectOutcomes(app.db, me(req), req.params.subjectId, req.body),
  );

  app.get(`${B}/assessments`, { config: view, schema: { querystring: ZAssessmentsQuery, response: { 200: ZAssessmentList } } }, async (req) =>
    service.listAssessments(app.db, me(req), req.query),
  );
  app.post(`${B}/assessments`, { config: edit, schema: { body: ZAssessmentInput, response: { 200: ZAssessment } } }, async (req) =>
    service.createAssessment(app.db, me(req), req.body),
  );
  app.put(
    `${B}/assessments/:id`,
    { config: edit, schema: { params: ZIdParam, body: ZAssessmentUpdate, response: { 200: ZAssessment } } },
    async (req) => service.updateAssessment(app.db, me(req), req.params.id, req.body),
  );
  app.delete(
    `${B}/assessments/:id`,
    { config: edit, schema: { params: ZIdParam, querystring: ZAssessmentDeleteQuery, response: { 200: ZAssessmentDeleted } } },
    async (req) => service.deleteAssessment(app.db, me(req), req.params.id, req.query.confirm === 'true'),
  );
  app.get(`${B}/assessments/:id/marks`, { config: view, schema: { params: ZIdParam, response: { 200: ZMarksSheet } } }, async (req) =>
    service.marksSheet(app.db, me(req), req.params.id),
  );
  app.put(
    `${B}/assessments/:id/marks`,
    { config: edit, schema: { params: ZIdParam, body: ZMarksInput, response: { 200: ZMarksSaved } } },
    async (req) => service.saveMarks(app.db, me(req), req.params.id, req.body),
  );
  app.get(
    `${B}/assessments/:id/template`,
    { config: edit, schema: { params: ZIdParam, response: { 200: binaryResponse(XLSX) } } },
    async (req, reply) => {
      const { book, name } = await marksTemplate(app.db, me(req), req.params.id);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(book);
    },
  );
  await uploadRoutes(root, (up) => {
    up.post(
      `${B}/assessments/:id/marks/import`,
      {
        config: edit,
        schema: {
          params: ZIdParam,
          querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
          multipart: ZMarksImportParts,
          response: { 200: ZImportReport },
        },
      },
      async (req) => {
        const { files } = await readMultipart(req, app.config.MAX_UPLOAD_MB);
        return importMarks(app.db, me(req), req.params.id, files, req.query.dryRun === 'true');
      },
    );
  });

  app.get(
    `${B}/attainment/subject/:subjectId`,
    { config: view, schema: { params: ZSubjectParams, querystring: ZSubjectAttainmentQuery, response: { 200: ZSubjectAttainment } } },
    async (req) => attainment.subjectAttainment(app.db, me(req), req.params.subjectId, req.query),
  );
  app.get(
    `${B}/attainment/subject/:subjectId/rows`,
    { config: view, schema: { params: ZSubjectParams, querystring: ZAttainmentRowsQuery, response: { 200: ZAttainmentRows } } },
    async (req) => attainment.attainmentRows(app.db, me(req), req.params.subjectId, req.query),
  );
  app.get(
    `${B}/attainment/subject/:subjectId/report`,
    {
      config: view,
      schema: {
        params: ZSubjectParams,
        querystring: ZSubjectAttainmentQuery.extend(ZFormat.shape),
        response: { 200: binaryResponse('application/pdf or xlsx') },
      },
    },
    async (req, reply) => {
      const a = await attainment.subjectAttainment(app.db, me(req), req.params.subjectId, req.query);
      const section = a.section ? `-${a.section.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}` : '';
      const name = `course-attainment-${a.subject.code}-${a.academicYear}${section}`;
      if (req.query.format === 'xlsx')
        return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(await reports.subjectWorkbook(a));
      const pdf = await reports.subjectPdf(app.db, req.college, a, publicBaseUrl(req));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );
  app.get(
    `${B}/attainment/program`,
    { config: view, schema: { querystring: ZProgramAttainmentQuery, response: { 200: ZProgramAttainment } } },
    async (req) => attainment.programAttainment(app.db, me(req), req.query),
  );
  app.get(
    `${B}/attainment/program/report`,
    {
      config: view,
      schema: { querystring: ZProgramAttainmentQuery.extend(ZFormat.shape), response: { 200: binaryResponse('application/pdf or xlsx') } },
    },
    async (req, reply) => {
      const p = await attainment.programAttainment(app.db, me(req), req.query);
      const name = `program-attainment-${p.branch}-${p.batch}`;
      if (req.query.format === 'xlsx')
        return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(await reports.programWorkbook(p));
      const pdf = await reports.programPdf(app.db, req.college, p, publicBaseUrl(req));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );

  app.get(`${B}/survey`, { config: student, schema: { response: { 200: ZSurveyForms } } }, async (req) => service.surveyForms(app.db, me(req)));
  app.put(
    `${B}/survey/:subjectId`,
    { config: student, schema: { params: ZSubjectParams, body: ZSurveyInput, response: { 200: ZMessage } } },
    async (req) => service.answerSurvey(app.db, me(req), req.params.subjectId, req.body),
  );
}
