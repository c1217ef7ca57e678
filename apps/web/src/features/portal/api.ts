import {
  grievanceEndpoints as grievances,
  placementEndpoints as placements,
  portalEndpoints as portal,
  resultsEndpoints as results,
  timetableEndpoints as timetable,
  type EndpointBody,
  type EndpointQuery,
  type TGatewayRedirect,
  type TGrievanceCreateInput,
} from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every portal write refreshes every query the portal shows (the overview counts move with the lists). */
const PORTAL = { invalidates: [['me'], ['portal'], ['parents'], ['grievances'], ['timetable'], ['placements']] };
const ref = (studentId?: number) => (studentId ? { studentId } : {});

export const useOverview = () => useEndpointQuery(portal.overview);
export const useResults = (studentId?: number, enabled = true) =>
  useEndpointQuery(portal.results, { query: ref(studentId) }, { enabled });
export const useAttendance = (studentId?: number, enabled = true) =>
  useEndpointQuery(portal.attendance, { query: ref(studentId) }, { enabled });
export const useFees = (studentId?: number) => useEndpointQuery(portal.fees, { query: ref(studentId) });
export const useCampus = (studentId?: number) => useEndpointQuery(portal.campus, { query: ref(studentId) });
export const useMyCertificates = () => useEndpointQuery(portal.myCertificates);
export const useProfile = () => useEndpointQuery(portal.profile);
export const useMyParents = () => useEndpointQuery(portal.myParents);

export interface ListQuery {
  status?: string;
  q: string;
  page: number;
  pageSize: number;
}
/** The queues' filters as the screens hold them (text; the server checks the status). */
const listQuery = (q: ListQuery) => q as EndpointQuery<typeof portal.certificateQueue>;
export const useOfficeCertificates = (q: ListQuery) =>
  useEndpointQuery(portal.certificateQueue, { query: listQuery(q) }, { placeholderData: (p) => p });
export const useOfficeCorrections = (q: ListQuery) =>
  useEndpointQuery(portal.correctionQueue, { query: listQuery(q) }, { placeholderData: (p) => p });
export const useParentLinks = (q: ListQuery) =>
  useEndpointQuery(portal.parentLinks, { query: { q: q.q, page: q.page, pageSize: q.pageSize } }, { placeholderData: (p) => p });
export const usePortalSettings = () => useEndpointQuery(portal.settings);

// ---- Writes -----------------------------------------------------------------------------------

export const useRequestCertificate = () =>
  useEndpointMutation(
    (b: EndpointBody<typeof portal.requestCertificate>) => callEndpoint(portal.requestCertificate, { body: b }),
    PORTAL,
  );
export const useRequestCorrection = () =>
  useEndpointMutation(
    (b: EndpointBody<typeof portal.requestCorrection>) => callEndpoint(portal.requestCorrection, { body: b }),
    PORTAL,
  );
export const useSavePrivacy = () =>
  useEndpointMutation((b: EndpointBody<typeof portal.savePrivacy>) => callEndpoint(portal.savePrivacy, { body: b }), PORTAL);
/** A parent pays a child's fee online: the answer carries where the gateway waits. */
export const usePayForChild = () =>
  useEndpointMutation(
    // the fee's type as the fees answer names it (text there); the server checks it
    (b: { studentId: number; feeType: string; courseCode?: string; lineIds?: number[] }) =>
      callEndpoint(portal.payForChild, { body: b as EndpointBody<typeof portal.payForChild> }),
    PORTAL,
  );
export const useCreateParentLink = () =>
  useEndpointMutation(
    (b: EndpointBody<typeof portal.createParentLink>) => callEndpoint(portal.createParentLink, { body: b }),
    PORTAL,
  );
export const useRemoveParentLink = () =>
  useEndpointMutation(({ _id }: { _id: number }) => callEndpoint(portal.removeParentLink, { params: { id: _id } }), PORTAL);

/** The office's decision queues, by the requests' REST path. */
const DECISIONS = {
  'portal/certificate-requests': { approve: portal.approveCertificate, reject: portal.rejectCertificate },
  'portal/profile-corrections': { approve: portal.approveCorrection, reject: portal.rejectCorrection },
};
export type DecisionQueuePath = keyof typeof DECISIONS;
/** Approves or rejects one request of a queue (`remarks`: the office's note; required to reject). */
export const useDecide = (path: DecisionQueuePath, decision: 'approve' | 'reject') =>
  useEndpointMutation(
    ({ _id, remarks }: { _id: number; remarks?: string }) =>
      callEndpoint(DECISIONS[path][decision], { params: { id: _id }, body: { remarks: remarks ?? '' } }),
    PORTAL,
  );

/** Parent self-registration: the roll number sends a code to the contact on record, the code makes the account. */
export const useRegisterParent = () =>
  useEndpointMutation((b: EndpointBody<typeof portal.registerParent>) => callEndpoint(portal.registerParent, { body: b }));
export const useVerifyParent = () =>
  useEndpointMutation((b: EndpointBody<typeof portal.verifyParent>) => callEndpoint(portal.verifyParent, { body: b }));

export const downloadCertificate = async (id: number, kind: string, rollNo: string, office = false) =>
  saveBlob(
    await fetchEndpointFile(office ? portal.certificatePdf : portal.myCertificatePdf, { params: { id } }),
    `${kind}-${rollNo}.pdf`,
  );

/** Leaves for the payment gateway (a GET link or an auto-submitted form). */
export function goToGateway(redirect: TGatewayRedirect) {
  if (redirect.method === 'GET') {
    window.location.assign(redirect.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

// ---- The student's home panels and the parent's grievances: other modules' calls, read here ----

/** A semester's marks memo (the public results call): base64 PDF, or `success: 'False'` with why not. */
export const fetchMarksMemo = (rollNo: string, examTitle: string) =>
  callEndpoint(results.resultReport, { query: { rollNo, examTitle } });
export const useMyTimetable = () => useEndpointQuery(timetable.mine);
/** The drives of the student's batch, each with whether they may apply and their application's status. */
export const useMyDrives = () => useEndpointQuery(placements.drives, {});
/** The caller's own grievances (only the open ones when asked). */
export const useMyGrievances = (open: boolean) =>
  useEndpointQuery(grievances.list, { query: { mine: 'true', ...(open ? { open: 'true' as const } : {}), pageSize: 50 } });
export const useGrievance = (id: number | null) =>
  useEndpointQuery(grievances.detail, { params: { id: id! } }, { enabled: id !== null });
/** One request with the dialog's key: a retried submission answers the first grievance. */
export const useLodgeGrievance = () =>
  useEndpointMutation(({ body, idempotencyKey }: { body: TGrievanceCreateInput; idempotencyKey: string }) => {
    const form = new FormData();
    form.append('grievance', JSON.stringify(body));
    form.append('idempotencyKey', idempotencyKey);
    return callEndpoint(grievances.lodgeWithFiles, { body: form });
  }, PORTAL);
export const useGrievanceComment = (id: number) =>
  useEndpointMutation((body: { body: string }) => callEndpoint(grievances.comment, { params: { id }, body }), PORTAL);
