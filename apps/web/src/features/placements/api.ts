import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TApplication,
  TCompany,
  TCompanyCreateInput,
  TDrive,
  TDriveCreateInput,
  TDriveDetail,
  TEligibleList,
  THigherStudiesDeclareInput,
  THigherStudiesInput,
  THigherStudiesPage,
  THigherStudiesRecord,
  TMyHigherStudies,
  TMyPlacements,
  TOffer,
  TPlacementPolicy,
  TPlacementSettings,
  TPlacementStats,
  TRoundCreate,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const useCompanies = () =>
  useQuery({ queryKey: ['placements', 'companies'], queryFn: () => api.get<TCompany[]>('rest', 'placements/companies') });
export const useDrives = (batch?: string) =>
  useQuery({
    queryKey: ['placements', 'drives', batch ?? ''],
    queryFn: () => api.get<TDrive[]>('rest', 'placements/drives', batch ? { batch } : undefined),
  });
export const useDrive = (id: number) =>
  useQuery({ queryKey: ['placements', 'drive', id], queryFn: () => api.get<TDriveDetail>('rest', `placements/drives/${id}`) });
export const useEligible = (id: number) =>
  useQuery({
    queryKey: ['placements', 'eligible', id],
    queryFn: () => api.get<TEligibleList>('rest', `placements/drives/${id}/eligible`),
  });
export const useStats = (batch: string) =>
  useQuery({
    queryKey: ['placements', 'stats', batch],
    queryFn: () => api.get<TPlacementStats>('rest', 'placements/stats', { batch }),
    enabled: /^\d{4}-\d{4}$/.test(batch),
  });
export const useMyPlacements = () =>
  useQuery({ queryKey: ['placements', 'me'], queryFn: () => api.get<TMyPlacements>('rest', 'placements/me') });

function useWrite<V, R>(write: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => void qc.invalidateQueries({ queryKey: ['placements'] }) });
}

export const useCreateCompany = () => useWrite((b: TCompanyCreateInput) => api.post<TCompany>('rest', 'placements/companies', b));
export const useCreateDrive = () => useWrite((b: TDriveCreateInput) => api.post<TDrive>('rest', 'placements/drives', b));
export const useAddRound = (driveId: number) =>
  useWrite((b: TRoundCreate) => api.post<TDriveDetail>('rest', `placements/drives/${driveId}/rounds`, b));
export const useMakeOffer = () =>
  useWrite((b: { driveId: number; rollNo: string; role: string; ctcRupees?: number; joiningDate?: string }) =>
    api.post<TOffer>('rest', 'placements/offers', b),
  );

/** A student applies, with a resume PDF when chosen. */
export const useApply = () =>
  useWrite(({ driveId, resume }: { driveId: number; resume: File | null }) => {
    if (!resume) return api.post<TApplication>('rest', `placements/drives/${driveId}/applications`, {});
    const form = new FormData();
    form.append('resume', resume, resume.name);
    return apiRequest<TApplication>('rest', `placements/drives/${driveId}/applications`, { method: 'POST', body: form });
  });

/** Downloads a workbook with the bearer token. */
export async function download(path: string, name: string) {
  const blob = await apiRequest<Blob>('rest', path, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useUploadLetter = () =>
  useWrite(({ offerId, file }: { offerId: number; file: File }) => {
    const form = new FormData();
    form.append('letter', file, file.name);
    return apiRequest<TOffer>('rest', `placements/offers/${offerId}/letter`, { method: 'POST', body: form });
  });

/** Opens an offer letter with the bearer token. */
export async function openLetter(offerId: number) {
  const blob = await apiRequest<Blob>('rest', `placements/offers/${offerId}/letter`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Offer policy (the dean's screen) and the higher-studies register.
export const usePolicy = () =>
  useQuery({ queryKey: ['placements', 'policy'], queryFn: () => api.get<TPlacementPolicy>('rest', 'placements/policy') });
export const useSavePolicy = () => useWrite((b: TPlacementSettings) => apiRequest<TPlacementPolicy>('rest', 'placements/policy', { method: 'PUT', body: b }));

export interface HigherStudiesQuery {
  batch?: string;
  status?: string;
  q?: string;
  page: number;
  pageSize: number;
}
const hsParams = (q: Omit<HigherStudiesQuery, 'page' | 'pageSize'>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
export const useHigherStudies = (q: HigherStudiesQuery) =>
  useQuery({
    queryKey: ['placements', 'higher-studies', q],
    queryFn: () => api.get<THigherStudiesPage>('rest', 'placements/higher-studies', { ...hsParams(q), page: q.page + 1, pageSize: q.pageSize }),
    placeholderData: (p) => p,
  });
export const higherStudiesExport = (q: Omit<HigherStudiesQuery, 'page' | 'pageSize'>) => {
  const qs = new URLSearchParams(hsParams(q)).toString();
  return download(`placements/higher-studies.xlsx${qs ? `?${qs}` : ''}`, `higher-studies${q.batch ? `-${q.batch}` : ''}.xlsx`);
};
export const useEnterHigherStudies = () =>
  useWrite((b: THigherStudiesInput) => api.post<THigherStudiesRecord>('rest', 'placements/higher-studies', b));
export const useVerifyHigherStudies = () =>
  useWrite((id: number) => api.post<THigherStudiesRecord>('rest', `placements/higher-studies/${id}/verify`, {}));
export const useRemoveHigherStudies = () =>
  useWrite((id: number) => apiRequest<{ ok: true }>('rest', `placements/higher-studies/${id}`, { method: 'DELETE' }));
export const useMyHigherStudies = () =>
  useQuery({ queryKey: ['placements', 'higher-studies', 'me'], queryFn: () => api.get<TMyHigherStudies>('rest', 'placements/higher-studies/me') });
export const useDeclareHigherStudies = () =>
  useWrite((b: THigherStudiesDeclareInput) => apiRequest<THigherStudiesRecord>('rest', 'placements/higher-studies/me', { method: 'PUT', body: b }));
export const useUploadEvidence = () =>
  useWrite(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('evidence', file, file.name);
    return apiRequest<THigherStudiesRecord>('rest', `placements/higher-studies/${id}/evidence`, { method: 'POST', body: form });
  });
/** Opens the evidence with the bearer token. */
export async function openEvidence(id: number) {
  const blob = await apiRequest<Blob>('rest', `placements/higher-studies/${id}/evidence`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
