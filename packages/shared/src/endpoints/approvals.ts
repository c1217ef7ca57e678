import { ZApprovalDecision, ZApprovalParams, ZApprovalResult, ZDecisionInbox } from '../approvals-schemas.js';
import { defineEndpoint as e } from './define.js';

/** The decision inbox: everything waiting for the caller across the offices, decided in one place. */
export const approvalsEndpoints = {
  inbox: e({ method: 'GET', path: '/api/approvals/inbox', response: ZDecisionInbox }),
  decide: e({
    method: 'POST',
    path: '/api/approvals/:kind/:id/decision',
    params: ZApprovalParams,
    body: ZApprovalDecision,
    response: ZApprovalResult,
  }),
};
