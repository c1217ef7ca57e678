import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TExamResultView, TExamTitleSummary, TMemoVerification, TResultReport } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const TITLES_KEY = ['examTitles'];
export const SUMMARIES_KEY = ['examTitleSummaries'];

/**
 * Failures fetching exam titles are logged (spec section 8) and reported to the page, which says
 * so with a retry: a failed call must not read as "No results have been published yet".
 */
export const examTitlesQuery = queryOptions({
  queryKey: TITLES_KEY,
  queryFn: () =>
    api.get<string[]>('v1', 'getDistinctExamTitlesBy').catch((e: unknown) => {
      console.error(e);
      throw e;
    }),
});

export const useExamTitles = () => useQuery(examTitlesQuery);

export const getResultView = (rollNo: string, examTitle: string) =>
  api.get<TExamResultView>('v1', 'getExamResultByRollNoView', { rollNo, examTitle });

export const getResultReport = (rollNo: string, examTitle: string) =>
  api.get<TResultReport>('v1', 'getExamResultByRollNoReport', { rollNo, examTitle });

export const useVerification = (code: string) =>
  useQuery({
    queryKey: ['memoVerification', code],
    queryFn: () => api.get<TMemoVerification>('rest', `exam-results/verify/${encodeURIComponent(code)}`),
    retry: false,
  });

export const useTitleSummaries = () =>
  useQuery({ queryKey: SUMMARIES_KEY, queryFn: () => api.get<TExamTitleSummary[]>('rest', 'exam-results/titles') });

/** Publishes or hides an exam title; the titles lists refresh. */
export function useSetPublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiRequest<TExamTitleSummary>('rest', `exam-results/titles/${id}`, { method: 'PATCH', body: { published } }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: SUMMARIES_KEY }), qc.invalidateQueries({ queryKey: TITLES_KEY })]),
  });
}

export const base64Pdf = (base64: string) =>
  new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' });
