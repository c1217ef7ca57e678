import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAssessment,
  TAssessmentInput,
  TAssessmentUpdate,
  TAttainmentRows,
  TMarksInput,
  TMarksSheet,
  TObeSettings,
  TObeSettingsInput,
  TObeYearLockInput,
  TObeSubjectList,
  TObeSummary,
  TProgramAttainment,
  TProgramOutcome,
  TProgramOutcomesInput,
  TSubjectAttainment,
  TSubjectOutcomes,
  TSubjectOutcomesInput,
  TSurveyForms,
  TSurveyInput,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

const O = 'obe';
type Query = Record<string, string | number | undefined>;

export const useObeSummary = () => useQuery({ queryKey: [O, 'summary'], queryFn: () => api.get<TObeSummary>('rest', `${O}/summary`) });
export const useObeSettings = (year: string) =>
  useQuery({ queryKey: [O, 'settings', year], queryFn: () => api.get<TObeSettings>('rest', `${O}/settings`, { year }) });
export const useProgramOutcomes = (branchId?: number) =>
  useQuery({
    queryKey: [O, 'program-outcomes', branchId ?? null],
    queryFn: () => api.get<TProgramOutcome[]>('rest', `${O}/program-outcomes`, { branchId }),
  });
export const useProgramChoices = () =>
  useQuery({
    queryKey: [O, 'program-choices'],
    queryFn: () =>
      api.get<{ branches: Array<{ id: number; shortName: string; name: string }>; batches: Array<{ id: number; name: string }> }>(
        'rest',
        `${O}/program-choices`,
      ),
    staleTime: 5 * 60_000,
  });
export const useObeSubjects = (q: Query) =>
  useQuery({
    queryKey: [O, 'subjects', q],
    queryFn: () => api.get<TObeSubjectList>('rest', `${O}/subjects`, q),
    placeholderData: (p) => p,
  });
export const useSubjectOutcomes = (subjectId: number) =>
  useQuery({ queryKey: [O, 'outcomes', subjectId], queryFn: () => api.get<TSubjectOutcomes>('rest', `${O}/outcomes/${subjectId}`) });
export const useAssessments = (subjectId: number) =>
  useQuery({ queryKey: [O, 'assessments', subjectId], queryFn: () => api.get<TAssessment[]>('rest', `${O}/assessments`, { subjectId }) });
export const useMarksSheet = (id: number | null) =>
  useQuery({
    queryKey: [O, 'marks', id],
    queryFn: () => api.get<TMarksSheet>('rest', `${O}/assessments/${id}/marks`),
    enabled: id !== null,
  });
/** One subject's attainment in a year: every section pooled, or one section (`sectionId`). */
export const useSubjectAttainment = (subjectId: number, year?: string, sectionId?: number) =>
  useQuery({
    queryKey: [O, 'attainment', subjectId, year ?? null, sectionId ?? null],
    queryFn: () => api.get<TSubjectAttainment>('rest', `${O}/attainment/subject/${subjectId}`, { year, sectionId }),
    placeholderData: (p) => p,
  });
export const useAttainmentRows = (subjectId: number, q: { year: string; co: string; part: string; sectionId?: number } | null) =>
  useQuery({
    queryKey: [O, 'rows', subjectId, q],
    queryFn: () => api.get<TAttainmentRows>('rest', `${O}/attainment/subject/${subjectId}/rows`, q!),
    enabled: q !== null,
  });
export const useProgramAttainment = (branch: string, batch: string) =>
  useQuery({
    queryKey: [O, 'program', branch, batch],
    queryFn: () => api.get<TProgramAttainment>('rest', `${O}/attainment/program`, { branch, batch }),
    enabled: !!branch && !!batch,
  });
export const useSurveyForms = () => useQuery({ queryKey: [O, 'survey'], queryFn: () => api.get<TSurveyForms>('rest', `${O}/survey`) });

const put = <T>(path: string, body: unknown) => apiRequest<T>('rest', path, { method: 'PUT', body });

/** Every OBE write: one mutation, everything OBE shows refreshed after it. */
function useObeMutation<I, R>(fn: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: [O] }) });
}

export const useSaveSettings = () => useObeMutation((v: TObeSettingsInput) => put<TObeSettings>(`${O}/settings`, v));
export const useSaveProgramOutcomes = () =>
  useObeMutation((v: TProgramOutcomesInput) => put<TProgramOutcome[]>(`${O}/program-outcomes`, v));
export const useSaveOutcomes = (subjectId: number) =>
  useObeMutation((v: TSubjectOutcomesInput) => put<TSubjectOutcomes>(`${O}/outcomes/${subjectId}`, v));
export const useCreateAssessment = () => useObeMutation((v: TAssessmentInput) => api.post<TAssessment>('rest', `${O}/assessments`, v));
export const useUpdateAssessment = (id: number) => useObeMutation((v: TAssessmentUpdate) => put<TAssessment>(`${O}/assessments/${id}`, v));
/** Deleting a paper with marks needs `confirm` (the marks go with it). */
export const useDeleteAssessment = () =>
  useObeMutation((v: { id: number; confirm: boolean }) =>
    apiRequest<{ message: string; marksDeleted: number }>('rest', `${O}/assessments/${v.id}`, { method: 'DELETE', query: { confirm: v.confirm } }),
  );
export const useLockYear = () =>
  useObeMutation((v: TObeYearLockInput) => put<{ message: string; settings: TObeSettings }>(`${O}/settings/lock`, v));
export const useSaveMarks = (id: number) =>
  useObeMutation((v: TMarksInput) => put<{ message: string; saved: number }>(`${O}/assessments/${id}/marks`, v));
export const useAnswerSurvey = () =>
  useObeMutation((v: TSurveyInput & { subjectId: number }) => {
    const { subjectId, ...body } = v;
    return put<{ message: string }>(`${O}/survey/${subjectId}`, body);
  });

export const downloadSubjectReport = (subjectId: number, year: string, format: 'pdf' | 'xlsx', code: string, section?: { id: number; label: string }) =>
  downloadFile(
    'rest',
    `${O}/attainment/subject/${subjectId}/report?year=${year}&format=${format}${section ? `&sectionId=${section.id}` : ''}`,
    `course-attainment-${code}-${year}${section ? `-${section.label.replace(/[^A-Za-z0-9]+/g, '-')}` : ''}.${format}`,
  );
export const downloadProgramReport = (branch: string, batch: string, format: 'pdf' | 'xlsx') =>
  downloadFile(
    'rest',
    `${O}/attainment/program/report?branch=${encodeURIComponent(branch)}&batch=${encodeURIComponent(batch)}&format=${format}`,
    `program-attainment-${branch}-${batch}.${format}`,
  );
