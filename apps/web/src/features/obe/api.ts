import {
  obeEndpoints as obe,
  type EndpointQuery,
  type TAssessmentInput,
  type TAssessmentUpdate,
  type TMarksInput,
  type TObeSettingsInput,
  type TObeYearLockInput,
  type TProgramOutcomesInput,
  type TSubjectOutcomesInput,
  type TSurveyInput,
} from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every OBE write refreshes everything OBE shows, after a refusal too (a lock or a stale sheet). */
const OBE = { invalidates: [['obe']], invalidateOnError: true };

export const useObeSummary = () => useEndpointQuery(obe.summary);
export const useObeSettings = (year: string) => useEndpointQuery(obe.settings, { query: { year } });
export const useProgramOutcomes = (branchId?: number) => useEndpointQuery(obe.programOutcomes, { query: { branchId } });
export const useProgramChoices = () => useEndpointQuery(obe.programChoices, {}, { staleTime: 5 * 60_000 });
export const useObeSubjects = (q: EndpointQuery<typeof obe.subjects>) =>
  useEndpointQuery(obe.subjects, { query: q }, { placeholderData: (p) => p });
export const useSubjectOutcomes = (subjectId: number) => useEndpointQuery(obe.subjectOutcomes, { params: { subjectId } });
export const useAssessments = (subjectId: number) => useEndpointQuery(obe.assessments, { query: { subjectId } });
export const useMarksSheet = (id: number | null) =>
  useEndpointQuery(obe.marksSheet, { params: { id: id! } }, { enabled: id !== null });
/** One subject's attainment in a year: every section pooled, or one section (`sectionId`). */
export const useSubjectAttainment = (subjectId: number, year?: string, sectionId?: number) =>
  useEndpointQuery(obe.subjectAttainment, { params: { subjectId }, query: { year, sectionId } }, { placeholderData: (p) => p });
export const useAttainmentRows = (subjectId: number, q: EndpointQuery<typeof obe.attainmentRows> | null) =>
  useEndpointQuery(obe.attainmentRows, { params: { subjectId }, query: q! }, { enabled: q !== null });
export const useProgramAttainment = (branch: string, batch: string) =>
  useEndpointQuery(obe.programAttainment, { query: { branch, batch } }, { enabled: !!branch && !!batch });
export const useSurveyForms = () => useEndpointQuery(obe.survey);

export const useSaveSettings = () =>
  useEndpointMutation((v: TObeSettingsInput) => callEndpoint(obe.saveSettings, { body: v }), OBE);
export const useSaveProgramOutcomes = () =>
  useEndpointMutation((v: TProgramOutcomesInput) => callEndpoint(obe.saveProgramOutcomes, { body: v }), OBE);
export const useSaveOutcomes = (subjectId: number) =>
  useEndpointMutation(
    (v: TSubjectOutcomesInput) => callEndpoint(obe.saveSubjectOutcomes, { params: { subjectId }, body: v }),
    OBE,
  );
export const useCreateAssessment = () =>
  useEndpointMutation((v: TAssessmentInput) => callEndpoint(obe.createAssessment, { body: v }), OBE);
export const useUpdateAssessment = (id: number) =>
  useEndpointMutation((v: TAssessmentUpdate) => callEndpoint(obe.updateAssessment, { params: { id }, body: v }), OBE);
/** Deleting a paper with marks needs `confirm` (the marks go with it). */
export const useDeleteAssessment = () =>
  useEndpointMutation(
    (v: { id: number; confirm: boolean }) =>
      callEndpoint(obe.deleteAssessment, { params: { id: v.id }, query: { confirm: v.confirm ? 'true' : 'false' } }),
    OBE,
  );
export const useLockYear = () => useEndpointMutation((v: TObeYearLockInput) => callEndpoint(obe.lockYear, { body: v }), OBE);
export const useSaveMarks = (id: number) =>
  useEndpointMutation((v: TMarksInput) => callEndpoint(obe.saveMarks, { params: { id }, body: v }), OBE);
export const useAnswerSurvey = () =>
  useEndpointMutation(
    ({ subjectId, ...body }: TSurveyInput & { subjectId: number }) =>
      callEndpoint(obe.answerSurvey, { params: { subjectId }, body }),
    OBE,
  );

export const downloadSubjectReport = async (
  subjectId: number,
  year: string,
  format: 'pdf' | 'xlsx',
  code: string,
  section?: { id: number; label: string },
) =>
  saveBlob(
    await fetchEndpointFile(obe.subjectReport, { params: { subjectId }, query: { year, format, sectionId: section?.id } }),
    `course-attainment-${code}-${year}${section ? `-${section.label.replace(/[^A-Za-z0-9]+/g, '-')}` : ''}.${format}`,
  );
export const downloadProgramReport = async (branch: string, batch: string, format: 'pdf' | 'xlsx') =>
  saveBlob(
    await fetchEndpointFile(obe.programReport, { query: { branch, batch, format } }),
    `program-attainment-${branch}-${batch}.${format}`,
  );
