import { keepPreviousData } from '@tanstack/react-query';
import { examResultsEndpoints as results, examsEndpoints as exams, type EndpointBody, type EndpointQuery } from '@erp/shared';
import { saveBlob } from '../../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';

/**
 * The exam cell's work after the exam: marks, decoding, processing, publication, revaluation and
 * the documents. Marks move progress, results and requests together, so every write refreshes the
 * exam queries, the regulation's rules, the requests, the grace rules and the student's own lists.
 */
const GRADING = { invalidates: [['exams'], ['regulations'], ['revaluation-requests'], ['grace-rules'], ['me']] };

export type ExternalQuery = EndpointQuery<typeof results.external>;
export type ResultsQuery = EndpointQuery<typeof results.results>;
export type RevalQuery = EndpointQuery<typeof results.revalRequests>;
export type RulesBody = EndpointBody<typeof results.saveRules>;
export type RevalSettingsBody = EndpointBody<typeof results.revalSettings>;

/** The regulation's exam rules; a regulation without them answers an error the dialog reads as "none yet". */
export const useExamRules = (regulationId: number) =>
  useEndpointQuery(results.rules, { params: { id: regulationId } }, { enabled: regulationId > 0, retry: false });
export const useSaveExamRules = (regulationId: number) =>
  useEndpointMutation((body: RulesBody) => callEndpoint(results.saveRules, { params: { id: regulationId }, body }), GRADING);
export const useSaveRevalSettings = (examId: number) =>
  useEndpointMutation(
    (body: RevalSettingsBody) => callEndpoint(results.revalSettings, { params: { id: examId }, body }),
    GRADING,
  );

export const useInternalSections = (examId: number) =>
  useEndpointQuery(results.internalSections, { params: { id: examId } }, { enabled: examId > 0 });
export const useInternalSheet = (examId: number, paperId: number, sectionId: number) =>
  useEndpointQuery(
    results.internal,
    { params: { id: examId }, query: { paperId, sectionId } },
    { enabled: examId > 0 && paperId > 0 && sectionId > 0 },
  );
export const useSaveInternal = (examId: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof results.saveInternal>) => callEndpoint(results.saveInternal, { params: { id: examId }, body }),
    GRADING,
  );
export const useLockInternal = (examId: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof results.lockInternal>) => callEndpoint(results.lockInternal, { params: { id: examId }, body }),
    GRADING,
  );
export const useModerate = (examId: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof results.moderate>) => callEndpoint(results.moderate, { params: { id: examId }, body }),
    GRADING,
  );

export const useExternalSheet = (examId: number, query: ExternalQuery) =>
  useEndpointQuery(
    results.external,
    { params: { id: examId }, query },
    { enabled: examId > 0, placeholderData: keepPreviousData },
  );
export const useSaveExternal = (examId: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof results.saveExternal>) => callEndpoint(results.saveExternal, { params: { id: examId }, body }),
    GRADING,
  );

export const useDecode = (examId: number) =>
  useEndpointMutation(() => callEndpoint(results.decode, { params: { id: examId } }), { ...GRADING, invalidateOnError: true });
export const useProcess = (examId: number) =>
  useEndpointMutation(() => callEndpoint(results.process, { params: { id: examId } }), { ...GRADING, invalidateOnError: true });
export const usePublish = (examId: number) =>
  useEndpointMutation(() => callEndpoint(results.publish, { params: { id: examId } }), { ...GRADING, invalidateOnError: true });

export const useResults = (examId: number, query: ResultsQuery, enabled = true) =>
  useEndpointQuery(
    results.results,
    { params: { id: examId }, query },
    { enabled: enabled && examId > 0, placeholderData: keepPreviousData },
  );

export const useGraceRules = () => useEndpointQuery(results.graceRules);
export const useAddGraceRule = () =>
  useEndpointMutation((body: EndpointBody<typeof results.addGraceRule>) => callEndpoint(results.addGraceRule, { body }), GRADING);

export const useRevalRequests = (query: RevalQuery) =>
  useEndpointQuery(results.revalRequests, { query }, { placeholderData: keepPreviousData });
export const useRequestReval = () =>
  useEndpointMutation((body: EndpointBody<typeof results.requestReval>) => callEndpoint(results.requestReval, { body }), GRADING);
export const useRevalOutcome = () =>
  useEndpointMutation(
    (v: { id: number; body: EndpointBody<typeof results.revalOutcome> }) =>
      callEndpoint(results.revalOutcome, { params: { id: v.id }, body: v.body }),
    GRADING,
  );

export const useAbcId = () => useEndpointQuery(results.abcId, {});
export const useSaveAbcId = () =>
  useEndpointMutation((body: EndpointBody<typeof results.myAbcId>) => callEndpoint(results.myAbcId, { body }), GRADING);

/**
 * The faculty's marks desk: exams taking marks, and published exams (whose scripts may be revalued),
 * as one list with the one query state.
 */
export function useMarksDeskExams() {
  const entry = useEndpointQuery(exams.list, { query: { status: 'marks_entry' } });
  const published = useEndpointQuery(exams.list, { query: { status: 'published' } });
  const both = [entry, published];
  return {
    data: entry.data && published.data ? [...entry.data, ...published.data] : undefined,
    isPending: both.some((q) => q.isPending),
    isError: both.some((q) => q.isError),
    error: entry.error ?? published.error,
    fetchStatus: both.some((q) => q.fetchStatus === 'fetching') ? ('fetching' as const) : entry.fetchStatus,
    refetch: () => Promise.all(both.map((q) => q.refetch())),
  };
}

/** Files fetched with the session, so a refusal is the server's message and not a raw page. */
export const downloadGradeCard = async (examId: number, rollNo: string) =>
  saveBlob(await fetchEndpointFile(results.gradeCard, { params: { id: examId, rollNo } }), `grade-card-${rollNo}.pdf`);
export const downloadTranscript = async (rollNo: string) =>
  saveBlob(await fetchEndpointFile(results.transcript, { params: { rollNo } }), `transcript-${rollNo}.pdf`);
export const downloadNad = async (examId: number) =>
  saveBlob(await fetchEndpointFile(results.nad, { params: { id: examId } }), `nad-exam-${examId}.csv`);
