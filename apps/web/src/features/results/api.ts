import { useQuery } from '@tanstack/react-query';
import type { TExamResultView, TExamTitleSummary, TMemoVerification, TResultImportReport } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const TITLES_KEY = ['examTitles'];
export const SUMMARIES_KEY = ['examTitleSummaries'];

/** Failures fetching exam titles are only logged (spec section 8). */
export const useExamTitles = () =>
  useQuery({
    queryKey: TITLES_KEY,
    queryFn: () =>
      api.get<string[]>('v1', 'getDistinctExamTitlesBy').catch((e: unknown) => {
        console.error(e);
        return [] as string[];
      }),
  });

export const getResultView = (rollNo: string, examTitle: string) =>
  api.get<TExamResultView>('v1', 'getExamResultByRollNoView', { rollNo, examTitle });

export type ReportAnswer = { success: string; data?: string; message?: string };
export const getResultReport = (rollNo: string, examTitle: string) =>
  api.get<ReportAnswer>('v1', 'getExamResultByRollNoReport', { rollNo, examTitle });

export const useVerification = (code: string) =>
  useQuery({
    queryKey: ['memoVerification', code],
    queryFn: () => api.get<TMemoVerification>('rest', `exam-results/verify/${encodeURIComponent(code)}`),
    retry: false,
  });

export const useTitleSummaries = () =>
  useQuery({ queryKey: SUMMARIES_KEY, queryFn: () => api.get<TExamTitleSummary[]>('rest', 'exam-results/titles') });

export const setPublished = (id: number, published: boolean) =>
  apiRequest<TExamTitleSummary>('rest', `exam-results/titles/${id}`, { method: 'PATCH', body: { published } });

export function importResults(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('excelFileUpload', file);
  return apiRequest<TResultImportReport>('rest', 'exam-results/import', {
    method: 'POST',
    body: form,
    query: { dryRun: dryRun ? 'true' : undefined },
  });
}

export const getTemplate = () => apiRequest<Blob>('rest', 'exam-results/template', { as: 'blob' });

/** Saves a blob as a file download (the browser's download bar, not a pop-up). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const base64Pdf = (base64: string) =>
  new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' });
