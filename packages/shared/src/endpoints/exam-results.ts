import { z } from 'zod';
import { binaryResponse, ZIdParams, ZMessage, ZSavedId } from '../common-schemas.js';
import { ZRollNoPdfParams } from '../exam-schemas.js';
import {
  ZAbcId,
  ZAbcIdInput,
  ZExamResults,
  ZExamResultsQuery,
  ZExamRules,
  ZExamRulesInput,
  ZExternalQuery,
  ZExternalSave,
  ZExternalSaved,
  ZExternalSheet,
  ZGraceRuleInput,
  ZGraceRules,
  ZInternalLock,
  ZInternalQuery,
  ZInternalSave,
  ZInternalSections,
  ZInternalSheet,
  ZModeration,
  ZProcessResult,
  ZPublishResult,
  ZRevalList,
  ZRevalListQuery,
  ZRevalOutcome,
  ZRevalOutcomeInput,
  ZRevalRequestInput,
  ZRevalRequestSaved,
  ZRevalSettings,
  ZStepResult,
} from '../exam-result-schemas.js';
import { defineEndpoint as e } from './define.js';

const ZRollParams = z.object({ rollNo: z.string().trim().toUpperCase().min(1).max(30) });

/** The exam cell after the exam: marks, decoding, processing, publication, revaluation, documents, NAD. */
export const examResultsEndpoints = {
  rules: e({ method: 'GET', path: '/api/regulations/:id/exam-rules', params: ZIdParams, response: ZExamRules }),
  saveRules: e({
    method: 'PUT',
    path: '/api/regulations/:id/exam-rules',
    params: ZIdParams,
    body: ZExamRulesInput,
    response: ZExamRules,
  }),
  revalSettings: e({
    method: 'PUT',
    path: '/api/exams/:id/revaluation-settings',
    params: ZIdParams,
    body: ZRevalSettings,
    response: ZMessage,
  }),

  internalSections: e({
    method: 'GET',
    path: '/api/exams/:id/marks/internal/sections',
    params: ZIdParams,
    response: ZInternalSections,
  }),
  internal: e({
    method: 'GET',
    path: '/api/exams/:id/marks/internal',
    params: ZIdParams,
    query: ZInternalQuery,
    response: ZInternalSheet,
  }),
  saveInternal: e({
    method: 'PUT',
    path: '/api/exams/:id/marks/internal',
    params: ZIdParams,
    body: ZInternalSave,
    response: ZStepResult,
  }),
  lockInternal: e({
    method: 'POST',
    path: '/api/exams/:id/marks/internal/lock',
    params: ZIdParams,
    body: ZInternalLock,
    response: ZStepResult,
  }),
  moderate: e({
    method: 'POST',
    path: '/api/exams/:id/marks/internal/moderate',
    params: ZIdParams,
    body: ZModeration,
    response: ZStepResult,
  }),
  external: e({
    method: 'GET',
    path: '/api/exams/:id/marks/external',
    params: ZIdParams,
    query: ZExternalQuery,
    response: ZExternalSheet,
  }),
  saveExternal: e({
    method: 'PUT',
    path: '/api/exams/:id/marks/external',
    params: ZIdParams,
    body: ZExternalSave,
    response: ZExternalSaved,
  }),

  decode: e({ method: 'POST', path: '/api/exams/:id/decode', params: ZIdParams, response: ZStepResult }),
  process: e({ method: 'POST', path: '/api/exams/:id/process', params: ZIdParams, response: ZProcessResult }),
  results: e({
    method: 'GET',
    path: '/api/exams/:id/results',
    params: ZIdParams,
    query: ZExamResultsQuery,
    response: ZExamResults,
  }),
  publish: e({ method: 'POST', path: '/api/exams/:id/publish', params: ZIdParams, response: ZPublishResult }),

  graceRules: e({ method: 'GET', path: '/api/grace-rules', response: ZGraceRules }),
  addGraceRule: e({ method: 'POST', path: '/api/grace-rules', body: ZGraceRuleInput, response: ZSavedId }),

  requestReval: e({ method: 'POST', path: '/api/revaluation-requests', body: ZRevalRequestInput, response: ZRevalRequestSaved }),
  revalRequests: e({ method: 'GET', path: '/api/revaluation-requests', query: ZRevalListQuery, response: ZRevalList }),
  revalOutcome: e({
    method: 'POST',
    path: '/api/revaluation-requests/:id/outcome',
    params: ZIdParams,
    body: ZRevalOutcomeInput,
    response: ZRevalOutcome,
  }),

  gradeCard: e({
    method: 'GET',
    path: '/api/exams/:id/grade-cards/:rollNo.pdf',
    params: ZRollNoPdfParams,
    response: binaryResponse('application/pdf'),
  }),
  transcript: e({
    method: 'GET',
    path: '/api/students/:rollNo/transcript.pdf',
    params: ZRollParams,
    response: binaryResponse('application/pdf'),
  }),
  provisional: e({
    method: 'GET',
    path: '/api/students/:rollNo/provisional-certificate.pdf',
    params: ZRollParams,
    response: binaryResponse('application/pdf'),
  }),
  degree: e({
    method: 'GET',
    path: '/api/students/:rollNo/degree-certificate.pdf',
    params: ZRollParams,
    response: binaryResponse('application/pdf'),
  }),
  nad: e({ method: 'GET', path: '/api/exams/:id/nad.csv', params: ZIdParams, response: binaryResponse('text/csv') }),
  abcId: e({ method: 'GET', path: '/api/me/abc-id', response: ZAbcId }),
  myAbcId: e({ method: 'PUT', path: '/api/me/abc-id', body: ZAbcIdInput, response: ZAbcId }),
};
