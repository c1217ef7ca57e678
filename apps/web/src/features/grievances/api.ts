import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TGrievanceAppealDecision,
  TGrievanceCreateInput,
  TGrievanceDetail,
  TGrievanceListQuery,
  TGrievancePage,
  TGrievanceReport,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export type ListFilters = Partial<TGrievanceListQuery> & { page: number; pageSize: number };

export const useGrievances = (filters: ListFilters) =>
  useQuery({
    queryKey: ['grievances', 'list', filters],
    queryFn: () => api.get<TGrievancePage>('rest', 'grievances', filters),
    placeholderData: keepPreviousData,
  });

export const useGrievance = (id: number) =>
  useQuery({ queryKey: ['grievances', 'one', id], queryFn: () => api.get<TGrievanceDetail>('rest', `grievances/${id}`) });

export const useGrievanceReport = (range: { from?: string; to?: string }) =>
  useQuery({
    queryKey: ['grievances', 'report', range],
    queryFn: () => api.get<TGrievanceReport>('rest', 'grievances/reports', range),
  });

/** Every write answers the grievance as it now is: put it in the cache and refresh the lists. */
function useGrievanceWrite<V>(write: (v: V) => Promise<TGrievanceDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (g) => {
      qc.setQueryData(['grievances', 'one', g.id], g);
      void qc.invalidateQueries({ queryKey: ['grievances', 'list'] });
      void qc.invalidateQueries({ queryKey: ['grievances', 'report'] });
    },
  });
}

/** Lodges with the files in one request; the dialog's key makes a retry answer the first grievance. */
export const lodgeForm = (body: TGrievanceCreateInput, files: File[], idempotencyKey: string) => {
  const form = new FormData();
  form.append('grievance', JSON.stringify(body));
  form.append('idempotencyKey', idempotencyKey);
  for (const f of files) form.append('attachments', f, f.name);
  return form;
};

export const useLodge = () =>
  useGrievanceWrite(({ body, files, idempotencyKey }: { body: TGrievanceCreateInput; files: File[]; idempotencyKey: string }) =>
    apiRequest<TGrievanceDetail>('rest', 'grievances/lodge', { method: 'POST', body: lodgeForm(body, files, idempotencyKey) }),
  );

export const useChangeStatus = (id: number) =>
  useGrievanceWrite((b: { status: string; reason: string }) => api.post<TGrievanceDetail>('rest', `grievances/${id}/status`, b));

export const useComment = (id: number) =>
  useGrievanceWrite((b: { body: string; internal: boolean }) =>
    api.post<TGrievanceDetail>('rest', `grievances/${id}/comments`, b),
  );

export const useAppeal = (id: number) =>
  useGrievanceWrite((b: { reason: string }) => api.post<TGrievanceDetail>('rest', `grievances/${id}/appeal`, b));

export const useDecideAppeal = (id: number) =>
  useGrievanceWrite((b: TGrievanceAppealDecision) => api.post<TGrievanceDetail>('rest', `grievances/${id}/appeal/decision`, b));

export const useReveal = (id: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ complainant: string; username: string; revealedAt: string }>('rest', `grievances/${id}/reveal`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['grievances', 'one', id] }),
  });
};

/** Opens an attachment with the bearer token (a plain link would not carry it). */
export async function openAttachment(id: number, attachmentId: number) {
  const blob = await apiRequest<Blob>('rest', `grievances/${id}/attachments/${attachmentId}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
