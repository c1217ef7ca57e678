import { z } from 'zod';
import { binaryResponse, ZStringList } from '../common-schemas.js';
import {
  ZExamResultView,
  ZExamTitleList,
  ZExamTitleSummary,
  ZMemoVerification,
  ZPublishTitle,
  ZResultImportParts,
  ZResultImportReport,
  ZResultLookup,
  ZResultReport,
} from '../result-schemas.js';
import { defineEndpoint as e } from './define.js';

const R = '/api/exam-results';
const V1 = '/api/v1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Exam results: the public lookup (legacy contract calls, still registered by hand with these same
 * schemas), the memo's QR check, and the exam cell's import and publishing.
 */
export const resultsEndpoints = {
  // Legacy public calls (api-contract.md)
  publishedTitles: e({ method: 'GET', path: `${V1}/getDistinctExamTitlesBy`, response: ZStringList }),
  resultView: e({ method: 'GET', path: `${V1}/getExamResultByRollNoView`, query: ZResultLookup, response: ZExamResultView }),
  resultReport: e({ method: 'GET', path: `${V1}/getExamResultByRollNoReport`, query: ZResultLookup, response: ZResultReport }),

  verifyMemo: e({
    method: 'GET',
    path: `${R}/verify/:code`,
    params: z.object({ code: z.string().max(100) }),
    response: ZMemoVerification,
  }),

  // Exam cell
  template: e({ method: 'GET', path: `${R}/template`, response: binaryResponse(XLSX) }),
  import: e({
    method: 'POST',
    path: `${R}/import`,
    query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
    multipart: ZResultImportParts,
    response: ZResultImportReport,
  }),
  titles: e({ method: 'GET', path: `${R}/titles`, response: ZExamTitleList }),
  setPublished: e({
    method: 'PATCH',
    path: `${R}/titles/:id`,
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: ZPublishTitle,
    response: ZExamTitleSummary,
  }),
};
