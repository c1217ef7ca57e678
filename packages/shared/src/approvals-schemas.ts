import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { ANALYTICS_ROLES } from './analytics-schemas.js';
import { PORTAL_OFFICE_ROLES } from './portal-schemas.js';
export { APPROVALS_PATHS } from './module-paths.js';

/** Who has a decision inbox: leadership, the accounts officer, heads of department and the office that issues certificates. */
export const INBOX_ROLES: Role[] = [...new Set([...ANALYTICS_ROLES, ROLES.ACCOUNTANTS_OFFICER, ROLES.HOD, ...PORTAL_OFFICE_ROLES])];

/** What waits for a decision, across the offices (more kinds join as their modules offer them). */
export const APPROVAL_KINDS = ['concession', 'bill', 'leave', 'certificate', 'grievance', 'registration'] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_LABELS: Record<TApprovalKind, string> = {
  concession: 'Concession',
  bill: 'Vendor bill',
  leave: 'Leave',
  certificate: 'Certificate request',
  grievance: 'Escalated grievance',
  registration: 'Registration',
};

export const APPROVALS_MSG = {
  remarkNeeded: 'Give a remark for the decision',
};

export const ZDecisionItem = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id: z.number().int(),
  title: z.string(),
  detail: z.string(),
  /** money it decides, paise; null for leave and certificates */
  amountPaise: z.number().int().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** the office's own screen for it */
  link: z.string(),
});
export type TDecisionItem = z.infer<typeof ZDecisionItem>;
export const ZDecisionInbox = z.object({
  items: z.array(ZDecisionItem),
  counts: z.object({
    concession: z.number().int(),
    bill: z.number().int(),
    leave: z.number().int(),
    certificate: z.number().int(),
    grievance: z.number().int(),
    registration: z.number().int(),
  }),
});
export type TDecisionInbox = z.infer<typeof ZDecisionInbox>;

export const ZApprovalParams = z.object({
  kind: z.enum(APPROVAL_KINDS, { message: 'Unknown kind of approval' }),
  id: z.coerce.number().int().positive('Unknown item'),
});
export const ZApprovalDecision = z.object({
  decision: z.enum(['approve', 'reject'], { message: 'Choose approve or reject' }),
  note: z.string({ message: APPROVALS_MSG.remarkNeeded }).trim().min(1, APPROVALS_MSG.remarkNeeded).max(300),
});
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;
export const ZApprovalResult = z.object({ kind: z.enum(APPROVAL_KINDS), id: z.number().int(), status: z.string() });
