import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCopiesInput,
  TCopyHistory,
  TFine,
  THold,
  THoldShelf,
  TLibraryImportReport,
  TLibraryReport,
  TLibraryStats,
  TCopy,
  TLoan,
  TPatronOverride,
  TPatronOverrideDetail,
  TPatronOverrideInput,
  TPatronView,
  TReturnResult,
  TRules,
  TRulesInput,
  TTitle,
  TTitleDetail,
  TTitleInput,
  TTitleList,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

const KEY = ['library'] as const;

export const useTitles = (q: string, page: number, pageSize: number, publicOpac = false) =>
  useQuery({
    queryKey: [...KEY, 'titles', publicOpac, q, page, pageSize],
    queryFn: () => api.get<TTitleList>('rest', publicOpac ? 'library/opac' : 'library/titles', { q, page, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useTitle = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'title', id],
    queryFn: () => api.get<TTitleDetail>('rest', `library/titles/${id}`),
    enabled: id !== null,
  });

export const usePatron = (code: string | null) =>
  useQuery({
    queryKey: [...KEY, 'patron', code],
    queryFn: () => api.get<TPatronView>('rest', `library/patrons/${encodeURIComponent(code!)}`),
    enabled: !!code,
    retry: false,
  });

export const useMyLibrary = () =>
  useQuery({ queryKey: [...KEY, 'me'], queryFn: () => api.get<TPatronView>('rest', 'library/me'), retry: false });
export const useStats = () =>
  useQuery({ queryKey: [...KEY, 'stats'], queryFn: () => api.get<TLibraryStats>('rest', 'library/stats') });
export const useRules = () => useQuery({ queryKey: [...KEY, 'rules'], queryFn: () => api.get<TRules>('rest', 'library/rules') });
export const useHoldShelf = () =>
  useQuery({ queryKey: [...KEY, 'shelf'], queryFn: () => api.get<THoldShelf>('rest', 'library/holds/shelf') });
export const useReport = (from?: string, to?: string) =>
  useQuery({
    queryKey: [...KEY, 'report', from, to],
    queryFn: () => api.get<TLibraryReport>('rest', 'library/reports', { from, to }),
  });
export const useCopyHistory = (barcode: string | null) =>
  useQuery({
    queryKey: [...KEY, 'copy', barcode],
    queryFn: () => api.get<TCopyHistory>('rest', `library/copies/${encodeURIComponent(barcode!)}/history`),
    enabled: !!barcode,
    retry: false,
  });

export const usePatronOverride = (code: string | null) =>
  useQuery({
    queryKey: [...KEY, 'override', code],
    queryFn: () => api.get<TPatronOverrideDetail>('rest', `library/patrons/${encodeURIComponent(code!)}/override`),
    enabled: !!code,
    retry: false,
  });

/** Every library write refreshes every library query: counts, shelves and patrons move together. */
function useLibraryMutation<TVars, TOut>(fn: (v: TVars) => Promise<TOut>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useIssue = () =>
  useLibraryMutation((v: { patron: string; barcode: string }) => api.post<TLoan>('rest', 'library/loans', v));
export const useReturn = () =>
  useLibraryMutation((barcode: string) => api.post<TReturnResult>('rest', 'library/returns', { barcode }));
export const useRenew = () => useLibraryMutation((id: number) => api.post<TLoan>('rest', `library/loans/${id}/renew`));
export const useLost = () => useLibraryMutation((id: number) => api.post<TReturnResult>('rest', `library/loans/${id}/lost`));
export const usePayFine = () =>
  useLibraryMutation((id: number) => api.post<{ fine: TFine; message: string }>('rest', `library/fines/${id}/pay`));
export const useWaiveFine = () =>
  useLibraryMutation((v: { id: number; reason: string }) =>
    api.post<{ fine: TFine; message: string }>('rest', `library/fines/${v.id}/waive`, { reason: v.reason }),
  );
export const usePlaceHold = () =>
  useLibraryMutation((v: { titleId: number; patron?: string }) => api.post<THold>('rest', 'library/holds', v));
export const useCancelHold = () =>
  useLibraryMutation((id: number) => api.del<{ message: string }>('rest', 'library/holds', { id }));
export const useCreateTitle = () =>
  useLibraryMutation((v: TTitleInput) =>
    api.post<{ title: TTitle; merged: boolean; message: string }>('rest', 'library/titles', v),
  );
export const useAddCopies = () =>
  useLibraryMutation((v: { titleId: number; body: TCopiesInput }) =>
    api.post<{ message: string; copies: Array<{ accessionNo: string }> }>('rest', `library/titles/${v.titleId}/copies`, v.body),
  );
export const useSaveOverride = () =>
  useLibraryMutation((v: { patron: string; body: TPatronOverrideInput }) =>
    apiRequest<TPatronOverride>('rest', `library/patrons/${encodeURIComponent(v.patron)}/override`, {
      method: 'PUT',
      body: v.body,
    }),
  );
export const useRemoveOverride = () =>
  useLibraryMutation((v: { patron: string; reason: string }) =>
    api.del<TPatronOverride>('rest', `library/patrons/${encodeURIComponent(v.patron)}/override`, { reason: v.reason }),
  );
export const useEditCopy = () =>
  useLibraryMutation((v: { id: number; status: string; note: string }) =>
    apiRequest<TCopy>('rest', `library/copies/${v.id}`, { method: 'PUT', body: { status: v.status, note: v.note } }),
  );
export const useSaveRules = () =>
  useLibraryMutation((v: TRulesInput) => apiRequest<TRules>('rest', 'library/rules', { method: 'PUT', body: v }));
export const useImport = () =>
  useLibraryMutation((v: { file: File; dryRun: boolean }) => {
    const form = new FormData();
    form.set('dryRun', String(v.dryRun));
    form.set('file', v.file);
    return api.post<TLibraryImportReport>('rest', 'library/import', form);
  });

/** Opens a PDF or downloads a workbook from the API with the bearer token (a plain link would not carry it). */
export async function openFile(path: string, query: Record<string, string>, fileName: string) {
  const blob = await apiRequest<Blob>('rest', path, { query, as: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  if (!fileName.endsWith('.pdf')) a.download = fileName;
  else a.target = '_blank';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
