import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAllotment,
  TAllotmentDetail,
  TAllotmentPage,
  TAllotmentsQuery,
  THostelApplication,
  TBedOffer,
  TBuildingStats,
  THostelSummary,
  TMyHostel,
  TOccupancy,
  TOccupancyQuery,
  TOutpass,
  TTransferRequest,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

const H = 'hostel';
type Body = Record<string, unknown>;

export const useHostelSummary = () =>
  useQuery({ queryKey: [H, 'summary'], queryFn: () => api.get<THostelSummary>('rest', `${H}/summary`) });
export const useBuildings = () =>
  useQuery({ queryKey: [H, 'buildings'], queryFn: () => api.get<TBuildingStats[]>('rest', `${H}/buildings`) });
export const useOccupancy = (q: Partial<TOccupancyQuery>, enabled = true) =>
  useQuery({
    queryKey: [H, 'occupancy', q],
    queryFn: () => api.get<TOccupancy>('rest', `${H}/occupancy`, q),
    placeholderData: (p) => p,
    enabled,
  });
/** The free beds to offer an application, in the order of its preferences. */
export const useBedOffer = (applicationId: number | undefined, buildingId?: number) =>
  useQuery({
    queryKey: [H, 'bed-offer', applicationId, buildingId],
    queryFn: () => api.get<TBedOffer>('rest', `${H}/applications/${applicationId}/beds`, { buildingId }),
    enabled: applicationId !== undefined,
  });
export const useApplications = (status?: string) =>
  useQuery({
    queryKey: [H, 'applications', status],
    queryFn: () => api.get<THostelApplication[]>('rest', `${H}/applications`, { status }),
  });
export const useAllotments = (q: TAllotmentsQuery) =>
  useQuery({
    queryKey: [H, 'allotments', q],
    queryFn: () => api.get<TAllotmentPage>('rest', `${H}/allotments`, q as Body as never),
    placeholderData: (p) => p,
  });
export const useAllotment = (id: number | null) =>
  useQuery({
    queryKey: [H, 'allotment', id],
    queryFn: () => api.get<TAllotmentDetail>('rest', `${H}/allotments/${id}`),
    enabled: id !== null,
  });
export const useTransferRequests = (status?: string) =>
  useQuery({
    queryKey: [H, 'transfer-requests', status],
    queryFn: () => api.get<TTransferRequest[]>('rest', `${H}/transfer-requests`, { status }),
  });
export const useOutpasses = (q: { status?: string; late?: string; q?: string }) =>
  useQuery({
    queryKey: [H, 'outpasses', q],
    queryFn: () => api.get<TOutpass[]>('rest', `${H}/outpasses`, q),
    placeholderData: (p) => p,
  });
export const useMyHostel = () => useQuery({ queryKey: [H, 'me'], queryFn: () => api.get<TMyHostel>('rest', `${H}/me`) });

/** Every hostel write refreshes every hostel list: counts move together (board, residents, dues). */
export function useHostelMutation<T = unknown>(path: (v: Body) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Body) => {
      const { _id: _ignored, _step: _s, ...body } = v;
      return api.post<T>('rest', `${H}/${path(v)}`, body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [H] }),
  });
}

export const useAllot = () => useHostelMutation<TAllotment & { message: string }>(() => 'allotments');

async function download(path: string, name: string) {
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

export const downloadLetter = (id: number, rollNo: string) =>
  download(`${H}/allotments/${id}/letter`, `hostel-allotment-${rollNo}.pdf`);
export const downloadResidents = (buildingId?: number) =>
  download(`${H}/residents/export${buildingId ? `?buildingId=${buildingId}` : ''}`, 'hostel-residents.xlsx');
