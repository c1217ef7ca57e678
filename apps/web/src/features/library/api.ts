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
  TCopyUpdated,
  TLoan,
  TOpacSubjects,
  TOpacTitle,
  TPatronOverride,
  TPatronOverrideDetail,
  TPatronMatch,
  TPatronOverrideInput,
  TPatronView,
  TReturnResult,
  TRules,
  TRulesInput,
  TTitle,
  TTitleDetail,
  TTitleInput,
  TTitleList,
  TFinePaymentInput,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

const KEY = ['library'] as const;

/** The OPAC's filters as the search sends them (an empty value is no filter). */
export interface TitleFilters {
  type: string;
  subject: string;
  yearFrom: string;
  yearTo: string;
  available: boolean;
}
export const NO_FILTERS: TitleFilters = { type: '', subject: '', yearFrom: '', yearTo: '', available: false };

export const useTitles = (q: string, page: number, pageSize: number, publicOpac = false, filters: TitleFilters = NO_FILTERS) =>
  useQuery({
    queryKey: [...KEY, 'titles', publicOpac, q, page, pageSize, filters],
    queryFn: () =>
      api.get<TTitleList>('rest', publicOpac ? 'library/opac' : 'library/titles', {
        q,
        page,
        pageSize,
        type: filters.type || undefined,
        subject: filters.subject || undefined,
        yearFrom: filters.yearFrom || undefined,
        yearTo: filters.yearTo || undefined,
        available: filters.available || undefined,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useOpacTitle = (id: number) =>
  useQuery({
    queryKey: [...KEY, 'opac-title', id],
    queryFn: () => api.get<TOpacTitle>('rest', `library/opac/titles/${id}`),
    retry: false,
  });
export const useOpacSubjects = () =>
  useQuery({
    queryKey: [...KEY, 'opac-subjects'],
    queryFn: () => api.get<TOpacSubjects>('rest', 'library/opac/subjects'),
    staleTime: 5 * 60_000,
  });
/** Titles for a picker (the desk's hold dialog): the best 8 matches of 2 letters or more. */
export const useTitlePicker = (q: string) =>
  useQuery({
    queryKey: [...KEY, 'title-picker', q],
    queryFn: () => api.get<TTitleList>('rest', 'library/titles', { q, page: 1, pageSize: 8 }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
/** Patrons matching what the desk typed (2 letters or more). */
export const usePatronSearch = (q: string) =>
  useQuery({
    queryKey: [...KEY, 'patron-search', q],
    queryFn: () => api.get<{ items: TPatronMatch[] }>('rest', 'library/patrons', { q }),
    enabled: q.trim().length >= 2,
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
  useLibraryMutation((v: { id: number; payment: TFinePaymentInput }) =>
    api.post<{ fine: TFine; message: string }>('rest', `library/fines/${v.id}/pay`, v.payment),
  );
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
    apiRequest<TCopyUpdated>('rest', `library/copies/${v.id}`, {
      method: 'PUT',
      body: { status: v.status, ...(v.note.trim() && { note: v.note }) },
    }),
  );
export const useEditTitle = () =>
  useLibraryMutation((v: { id: number; body: TTitleInput }) =>
    apiRequest<{ title: TTitle; merged: boolean; message: string }>('rest', `library/titles/${v.id}`, {
      method: 'PUT',
      body: v.body,
    }),
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
