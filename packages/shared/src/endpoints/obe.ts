import { z } from 'zod';
import { binaryResponse, ZIdParam, ZMessage } from '../common-schemas.js';
import {
  ZAcademicYearQuery,
  ZAssessment,
  ZAssessmentDeleted,
  ZAssessmentDeleteQuery,
  ZAssessmentInput,
  ZAssessmentList,
  ZAssessmentsQuery,
  ZAssessmentUpdate,
  ZAttainmentRows,
  ZAttainmentRowsQuery,
  ZMarksImportParts,
  ZMarksInput,
  ZMarksSaved,
  ZMarksSheet,
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
} from '../obe-schemas.js';
import { ZImportReport } from '../web-contract-schemas.js';
import { defineEndpoint as e } from './define.js';

const O = '/api/obe';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZFormat = z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') });

/** Outcomes, CO–PO mapping, assessments and marks, the exit survey, attainment and its reports. */
export const obeEndpoints = {
  summary: e({ method: 'GET', path: `${O}/summary`, response: ZObeSummary }),

  settings: e({ method: 'GET', path: `${O}/settings`, query: ZAcademicYearQuery, response: ZObeSettings }),
  saveSettings: e({ method: 'PUT', path: `${O}/settings`, body: ZObeSettingsInput, response: ZObeSettings }),
  lockYear: e({ method: 'PUT', path: `${O}/settings/lock`, body: ZObeYearLockInput, response: ZObeYearLocked }),

  programOutcomes: e({
    method: 'GET',
    path: `${O}/program-outcomes`,
    query: ZProgramOutcomesQuery,
    response: ZProgramOutcomeList,
  }),
  saveProgramOutcomes: e({
    method: 'PUT',
    path: `${O}/program-outcomes`,
    body: ZProgramOutcomesInput,
    response: ZProgramOutcomeList,
  }),
  programChoices: e({ method: 'GET', path: `${O}/program-choices`, response: ZProgramChoices }),

  subjects: e({ method: 'GET', path: `${O}/subjects`, query: ZObeSubjectsQuery, response: ZObeSubjectList }),
  subjectOutcomes: e({ method: 'GET', path: `${O}/outcomes/:subjectId`, params: ZSubjectParams, response: ZSubjectOutcomes }),
  saveSubjectOutcomes: e({
    method: 'PUT',
    path: `${O}/outcomes/:subjectId`,
    params: ZSubjectParams,
    body: ZSubjectOutcomesInput,
    response: ZSubjectOutcomes,
  }),

  assessments: e({ method: 'GET', path: `${O}/assessments`, query: ZAssessmentsQuery, response: ZAssessmentList }),
  createAssessment: e({ method: 'POST', path: `${O}/assessments`, body: ZAssessmentInput, response: ZAssessment }),
  updateAssessment: e({
    method: 'PUT',
    path: `${O}/assessments/:id`,
    params: ZIdParam,
    body: ZAssessmentUpdate,
    response: ZAssessment,
  }),
  /** a paper with marks goes only with `confirm=true` (its marks go with it) */
  deleteAssessment: e({
    method: 'DELETE',
    path: `${O}/assessments/:id`,
    params: ZIdParam,
    query: ZAssessmentDeleteQuery,
    response: ZAssessmentDeleted,
  }),
  marksSheet: e({ method: 'GET', path: `${O}/assessments/:id/marks`, params: ZIdParam, response: ZMarksSheet }),
  saveMarks: e({ method: 'PUT', path: `${O}/assessments/:id/marks`, params: ZIdParam, body: ZMarksInput, response: ZMarksSaved }),
  marksTemplate: e({ method: 'GET', path: `${O}/assessments/:id/template`, params: ZIdParam, response: binaryResponse(XLSX) }),
  importMarks: e({
    method: 'POST',
    path: `${O}/assessments/:id/marks/import`,
    params: ZIdParam,
    query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
    multipart: ZMarksImportParts,
    response: ZImportReport,
  }),

  subjectAttainment: e({
    method: 'GET',
    path: `${O}/attainment/subject/:subjectId`,
    params: ZSubjectParams,
    query: ZSubjectAttainmentQuery,
    response: ZSubjectAttainment,
  }),
  attainmentRows: e({
    method: 'GET',
    path: `${O}/attainment/subject/:subjectId/rows`,
    params: ZSubjectParams,
    query: ZAttainmentRowsQuery,
    response: ZAttainmentRows,
  }),
  subjectReport: e({
    method: 'GET',
    path: `${O}/attainment/subject/:subjectId/report`,
    params: ZSubjectParams,
    query: ZSubjectAttainmentQuery.extend(ZFormat.shape),
    response: binaryResponse('application/pdf or xlsx'),
  }),
  programAttainment: e({
    method: 'GET',
    path: `${O}/attainment/program`,
    query: ZProgramAttainmentQuery,
    response: ZProgramAttainment,
  }),
  programReport: e({
    method: 'GET',
    path: `${O}/attainment/program/report`,
    query: ZProgramAttainmentQuery.extend(ZFormat.shape),
    response: binaryResponse('application/pdf or xlsx'),
  }),

  survey: e({ method: 'GET', path: `${O}/survey`, response: ZSurveyForms }),
  answerSurvey: e({
    method: 'PUT',
    path: `${O}/survey/:subjectId`,
    params: ZSubjectParams,
    body: ZSurveyInput,
    response: ZMessage,
  }),
};
