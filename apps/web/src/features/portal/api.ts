import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCertificateRequest,
  TCertificateRequestPage,
  TCorrection,
  TMyCampus,
  TMyFees,
  TMyParents,
  TMyProfile,
  TMyResults,
  TParentLinkCreated,
  TPortalOverview,
  TPortalSettings,
  TStudentAttendance,
  TGatewayRedirect,
  TDrive,
  TGrievanceCreateInput,
  TGrievanceDetail,
  TGrievancePage,
  TTimetable,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

const P = 'portal';
type Body = Record<string, unknown>;
const ref = (studentId?: number) => (studentId ? { studentId } : undefined);

export const useOverview = () => useQuery({ queryKey: [P, 'overview'], queryFn: () => api.get<TPortalOverview>('rest', 'me/overview') });
export const useResults = (studentId?: number, enabled = true) =>
  useQuery({ queryKey: [P, 'results', studentId], queryFn: () => api.get<TMyResults>('rest', 'me/results', ref(studentId)), enabled });
export const useAttendance = (studentId?: number, enabled = true) =>
  useQuery({
    queryKey: [P, 'attendance', studentId],
    queryFn: () => api.get<TStudentAttendance>('rest', 'me/attendance', ref(studentId)),
    enabled,
  });
export const useFees = (studentId?: number) =>
  useQuery({ queryKey: [P, 'fees', studentId], queryFn: () => api.get<TMyFees>('rest', 'me/fees', ref(studentId)) });
export const useCampus = (studentId?: number) =>
  useQuery({ queryKey: [P, 'campus', studentId], queryFn: () => api.get<TMyCampus>('rest', 'me/campus', ref(studentId)) });
export const useMyCertificates = () =>
  useQuery({ queryKey: [P, 'certificates'], queryFn: () => api.get<TCertificateRequest[]>('rest', 'me/certificate-requests') });
export const useProfile = () => useQuery({ queryKey: [P, 'profile'], queryFn: () => api.get<TMyProfile>('rest', 'me/profile') });
export const useMyParents = () => useQuery({ queryKey: [P, 'parents'], queryFn: () => api.get<TMyParents>('rest', 'me/parents') });

export interface ListQuery {
  status?: string;
  q: string;
  page: number;
  pageSize: number;
}
export const useOfficeCertificates = (q: ListQuery) =>
  useQuery({
    queryKey: [P, 'office-certificates', q],
    queryFn: () => api.get<TCertificateRequestPage>('rest', 'portal/certificate-requests', { ...q }),
    placeholderData: (p) => p,
  });
export const useOfficeCorrections = (q: ListQuery) =>
  useQuery({
    queryKey: [P, 'office-corrections', q],
    queryFn: () => api.get<{ items: TCorrection[]; total: number; page: number; pageSize: number }>('rest', 'portal/profile-corrections', { ...q }),
    placeholderData: (p) => p,
  });
export const useParentLinks = (q: ListQuery) =>
  useQuery({
    queryKey: [P, 'links', q],
    queryFn: () => api.get<{ items: TParentLinkCreated['link'][]; total: number; page: number; pageSize: number }>('rest', 'parents/links', { q: q.q, page: q.page, pageSize: q.pageSize }),
    placeholderData: (p) => p,
  });
export const usePortalSettings = () => useQuery({ queryKey: [P, 'settings'], queryFn: () => api.get<TPortalSettings>('rest', 'portal/settings') });

/** Every portal write refreshes every portal query (the overview counts move with the lists). */
export function usePortalMutation<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: (v: Body) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Body) => {
      const { _id: _ignored, ...body } = v;
      return apiRequest<T>('rest', path(v), { method, body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [P] }),
  });
}

export const downloadCertificate = (id: number, kind: string, rollNo: string, office = false) =>
  downloadFile('rest', `${office ? 'portal' : 'me'}/certificate-requests/${id}/pdf`, `${kind}-${rollNo}.pdf`);

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

export const useMyTimetable = () =>
  useQuery({ queryKey: [P, 'home', 'timetable'], queryFn: () => api.get<TTimetable>('rest', 'timetable/me') });
/** The drives of the student's batch, each with whether they may apply and their application's status. */
export const useMyDrives = () => useQuery({ queryKey: [P, 'home', 'drives'], queryFn: () => api.get<TDrive[]>('rest', 'placements/drives') });
/** The caller's own grievances (only the open ones when asked). */
export const useMyGrievances = (open: boolean) =>
  useQuery({
    queryKey: [P, 'grievances', open],
    queryFn: () => api.get<TGrievancePage>('rest', 'grievances', { mine: 'true', ...(open ? { open: 'true' } : {}), pageSize: 50 }),
  });
export const useGrievance = (id: number | null) =>
  useQuery({
    queryKey: [P, 'grievance', id],
    queryFn: () => api.get<TGrievanceDetail>('rest', `grievances/${id}`),
    enabled: id !== null,
  });
export function useLodgeGrievance() {
  const qc = useQueryClient();
  return useMutation({
    // One request with the dialog's key: a retried submission answers the first grievance.
    mutationFn: ({ body, idempotencyKey }: { body: TGrievanceCreateInput; idempotencyKey: string }) => {
      const form = new FormData();
      form.append('grievance', JSON.stringify(body));
      form.append('idempotencyKey', idempotencyKey);
      return apiRequest<TGrievanceDetail>('rest', 'grievances/lodge', { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [P] }),
  });
}
export function useGrievanceComment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string }) => api.post<TGrievanceDetail>('rest', `grievances/${id}/comments`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [P] }),
  });
}
