import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';

const list = (key: unknown[], path: string, query?: Record<string, string>, enabled = true) =>
  ({
    queryKey: key,
    queryFn: () => api.get<string[]>('v1', path, query),
    enabled,
    staleTime: 5 * 60_000,
  }) as const;

export const useCourses = () =>
  useQuery({
    queryKey: ['adm', 'courses'],
    queryFn: () => api.get<Array<{ courseId: number; courseName: string; level: string }>>('v1', 'courses/view'),
    staleTime: 5 * 60_000,
  });
export const useBatches = (course: string) =>
  useQuery(list(['adm', 'batches', course], 'getBatchesByDegrees', { degree: course }, !!course));
export const useBranches = (course: string, batch: string) =>
  useQuery(list(['adm', 'branches', course, batch], 'getBranchesShortForms', { course, batch }, !!course && !!batch));
export const useSemesters = (course: string, enabled: boolean) =>
  useQuery(list(['adm', 'semesters', course], 'getDistinct/SemesterMaintenanceSemesters', { course }, !!course && enabled));
export const useAdmissionTypes = () => useQuery(list(['adm', 'admissionTypes'], 'getAdmissionTypes'));
export const useCastes = () => useQuery(list(['adm', 'castes'], 'getAllCasteCatogeries'));
export const useSubCastes = (caste: string) =>
  useQuery(list(['adm', 'subCastes', caste], `getAllSubCastesByCaste/${encodeURIComponent(caste)}`, undefined, !!caste));
export const useAgents = () => useQuery(list(['adm', 'agents'], 'getAgentsForDropdown'));
export const useSeatTypes = () =>
  useQuery({
    queryKey: ['adm', 'seatTypes'],
    queryFn: () => api.get<Array<{ seatTypeId: number; seatType: string }>>('v1', 'getSeatTypes'),
    staleTime: 5 * 60_000,
  });
export const useKeyValues = (key: 'entrancetype' | 'Nationality' | 'Religion') =>
  useQuery({
    queryKey: ['adm', 'kv', key],
    queryFn: () => api.get<Array<{ key: string; value: string }>>('v1', 'getKeyValuePair', { key }),
    staleTime: 5 * 60_000,
  });
export const useAdmissionSettings = () =>
  useQuery({
    queryKey: ['adm', 'settings'],
    queryFn: () => api.get<{ collegeCode: string; feePackage: boolean }>('rest', 'admissions/settings'),
    staleTime: 5 * 60_000,
  });

export const nextAdmissionNumber = () => api.get<string>('v1', 'generateAdmistionNumber', undefined, 'text');
export const getNormalData = (rollNumber: string) => api.get<Record<string, unknown>>('v1', 'getNormalData', { rollNumber });

export interface SaveAnswer {
  message: string;
  adminNo: string;
  id: number;
  pdf: string;
}

/** saveApplicationFormData: the JSON part applicationFormData and the photo part imageUpload. */
export function saveAdmission(payload: Record<string, string>, photo: File | null, editedAadharNumber?: string) {
  const form = new FormData();
  form.append('applicationFormData', JSON.stringify(payload));
  if (photo) form.append('imageUpload', photo, photo.name);
  return apiRequest<SaveAnswer>('v1', 'saveApplicationFormData', {
    method: 'POST',
    body: form,
    query: editedAadharNumber ? { editedAadharNumber } : undefined,
  });
}

export interface ImportAnswer {
  message: string;
  saved: number;
  valid?: number;
  dryRun?: boolean;
  rejected: Array<{ row: number; errors: string[] }>;
}

export function uploadAdmissionsExcel(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('excelFileUpload', file, file.name);
  return apiRequest<ImportAnswer>('v1', 'masterDataExcelsUploads', {
    method: 'POST',
    body: form,
    query: { fileType: 'newAdmissionsForm', dryRun: dryRun ? 'true' : undefined },
  });
}

export async function downloadTemplate() {
  const blob = await apiRequest<Blob>('v1', 'getExcelForNewAdmissions', { as: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'NewAdmissionsTemplate.xlsx';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export interface ApplicationItem {
  applicationFormExcelM: Record<string, string> & { id: number; aadharNo: string; adminNo: string; createdAt: string };
}
export const useApplications = (page: number, size: number) =>
  useQuery({
    queryKey: ['adm', 'applications', page, size],
    queryFn: () =>
      api.get<ApplicationItem[]>('v1', 'getApplicationFormData', { limit: String(size + 1), offset: String(page * size) }),
  });
export const admissionPdf = (id: number) => api.get<{ pdf: string }>('rest', `admissions/${id}/pdf`);
export const useAdmissionSummary = () =>
  useQuery({
    queryKey: ['adm', 'summary'],
    queryFn: () => api.get<{ total: number; lastWeek: number }>('rest', 'admissions/summary'),
  });
