import { useEffect } from 'react';
import { resultsEndpoints as results } from '@erp/shared';
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** The public list of published exam titles, and the exam cell's list of every title. */
export const TITLES_KEY = endpointKey(results.publishedTitles);
export const SUMMARIES_KEY = endpointKey(results.titles);

/**
 * Failures fetching exam titles are logged (spec section 8) and reported to the page, which says
 * so with a retry: a failed call must not read as "No results have been published yet".
 */
const logged = (e: unknown) => {
  console.error(e);
  throw e;
};

/** The titles query as the first page's data (lazyPage): the key useExamTitles reads. */
export const examTitlesQuery = {
  queryKey: endpointKey(results.publishedTitles, {}),
  queryFn: () => callEndpoint(results.publishedTitles).catch(logged),
};

export function useExamTitles() {
  const q = useEndpointQuery(results.publishedTitles);
  useEffect(() => {
    if (q.error) console.error(q.error);
  }, [q.error]);
  return q;
}

/** A student's result of one exam (the public lookup); one call per Search. */
export const useResultView = (examTitle: string) =>
  useEndpointMutation((rollNo: string) => callEndpoint(results.resultView, { query: { rollNo, examTitle } }));

/** The marks memo of one exam, as base64 PDF (`success: 'False'` with a message when there is none). */
export const useResultReport = (examTitle: string) =>
  useEndpointMutation((rollNo: string) => callEndpoint(results.resultReport, { query: { rollNo, examTitle } }));

export const useVerification = (code: string) => useEndpointQuery(results.verifyMemo, { params: { code } }, { retry: false });

export const useTitleSummaries = () => useEndpointQuery(results.titles);

/** Publishes or hides an exam title; the titles lists refresh. */
export const useSetPublished = () =>
  useEndpointMutation(
    ({ id, published }: { id: number; published: boolean }) =>
      callEndpoint(results.setPublished, { params: { id }, body: { published } }),
    { invalidates: [SUMMARIES_KEY, TITLES_KEY] },
  );

export const base64Pdf = (base64: string) =>
  new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' });
