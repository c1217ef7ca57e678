import { z } from 'zod';
import {
  ZCommittee,
  ZCommitteeSave,
  ZGrievanceAppeal,
  ZGrievanceAppealDecision,
  ZGrievanceComment,
  ZGrievanceCreate,
  ZGrievanceDetail,
  ZGrievanceId,
  ZGrievanceListQuery,
  ZGrievancePage,
  ZGrievanceReport,
  ZGrievanceReportQuery,
  ZGrievanceReveal,
  ZGrievanceSettings,
  ZGrievanceStatusChange,
} from '../grievance-schemas.js';
import { defineEndpoint as e } from './define.js';

const G = '/api/grievances';

/** The lodging form's key for one submission: a retry with the same key answers the same grievance. */
export const ZGrievanceSubmissionKey = z
  .string()
  .trim()
  .regex(/^[\w-]{8,64}$/, 'The submission key must be 8 to 64 letters, digits, "-" or "_"');

/** Grievances under the UGC Regulations 2023: lodging, the committee's workflow, appeals and reports. */
export const grievanceEndpoints = {
  list: e({ method: 'GET', path: G, query: ZGrievanceListQuery, response: ZGrievancePage }),
  lodge: e({
    method: 'POST',
    path: G,
    body: ZGrievanceCreate,
    headers: z.object({ 'idempotency-key': ZGrievanceSubmissionKey.optional() }),
    response: ZGrievanceDetail,
  }),
  settings: e({ method: 'GET', path: `${G}/settings`, response: ZGrievanceSettings }),
  saveSettings: e({ method: 'PUT', path: `${G}/settings`, body: ZGrievanceSettings, response: ZGrievanceSettings }),
  committees: e({ method: 'GET', path: `${G}/committees`, response: z.array(ZCommittee) }),
  createCommittee: e({ method: 'POST', path: `${G}/committees`, body: ZCommitteeSave, response: ZCommittee }),
  updateCommittee: e({
    method: 'PUT',
    path: `${G}/committees/:id`,
    params: ZGrievanceId,
    body: ZCommitteeSave,
    response: ZCommittee,
  }),
  report: e({ method: 'GET', path: `${G}/reports`, query: ZGrievanceReportQuery, response: ZGrievanceReport }),
  detail: e({ method: 'GET', path: `${G}/:id`, params: ZGrievanceId, response: ZGrievanceDetail }),
  changeStatus: e({
    method: 'POST',
    path: `${G}/:id/status`,
    params: ZGrievanceId,
    body: ZGrievanceStatusChange,
    response: ZGrievanceDetail,
  }),
  comment: e({
    method: 'POST',
    path: `${G}/:id/comments`,
    params: ZGrievanceId,
    body: ZGrievanceComment,
    response: ZGrievanceDetail,
  }),
  appeal: e({
    method: 'POST',
    path: `${G}/:id/appeal`,
    params: ZGrievanceId,
    body: ZGrievanceAppeal,
    response: ZGrievanceDetail,
  }),
  decideAppeal: e({
    method: 'POST',
    path: `${G}/:id/appeal/decision`,
    params: ZGrievanceId,
    body: ZGrievanceAppealDecision,
    response: ZGrievanceDetail,
  }),
  reveal: e({ method: 'POST', path: `${G}/:id/reveal`, params: ZGrievanceId, response: ZGrievanceReveal }),
  attachment: e({
    method: 'GET',
    path: `${G}/:id/attachments/:attachmentId`,
    params: ZGrievanceId.extend({ attachmentId: z.coerce.number().int().positive().max(2_000_000_000) }),
    response: z.any().describe('application/pdf, image/jpeg or image/png'),
  }),
  /** lodging with attachments in one request: part "grievance" (JSON), "idempotencyKey", the files */
  lodgeWithFiles: e({ method: 'POST', path: `${G}/lodge`, multipart: true, response: ZGrievanceDetail }),
  addAttachments: e({
    method: 'POST',
    path: `${G}/:id/attachments`,
    params: ZGrievanceId,
    multipart: true,
    response: ZGrievanceDetail,
  }),
};
