import { approvalsEndpoints as approvals, type TApprovalDecision, type TApprovalKind } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** A decision changes the office's lists too: refresh them all. */
const DECIDED = { invalidates: [['approvals'], ['accounts'], ['leave'], ['analytics'], ['grievances'], ['registrations'], ['portal']] };

export const useInbox = () => useEndpointQuery(approvals.inbox);
export const useDecide = () =>
  useEndpointMutation(
    ({ kind, id, body }: { kind: TApprovalKind; id: number; body: TApprovalDecision }) =>
      callEndpoint(approvals.decide, { params: { kind, id }, body }),
    DECIDED,
  );
