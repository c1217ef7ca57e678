import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAdmissionFormData,
  TAdmissionSaved,
  TAdmissionSettings,
  TAdmissionsSummary,
  TApplicationItem,
  ZAdmissionPdf,
  ZCourseItem,
  ZKeyValue,
  ZSeatType,
} from '@erp/shared';
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
    queryFn: () => api.get<Array<z.infer<typeof ZCourseItem>>>('v1', 'courses/view'),
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
    queryFn: () => api.get<Array<z.infer<typeof ZSeatType>>>('v1', 'getSeatTypes'),
    staleTime: 5 * 60_000,
  });
export const useKeyValues = (key: 'entrancetype' | 'Nationality' | 'Religion') =>
  useQuery({
    queryKey: ['adm', 'kv', key],
    queryFn: () => api.get<Array<z.infer<typeof ZKeyValue>>>('v1', 'getKeyValuePair', { key }),
    staleTime: 5 * 60_000,
  });
export const useAdmissionSettings = () =>
  useQuery({
    queryKey: ['adm', 'settings'],
    queryFn: () => api.get<TAdmissionSettings>('rest', 'admissions/settings'),
    staleTime: 5 * 60_000,
  });

export const nextAdmissionNumber = () => api.get<string>('v1', 'generateAdmistionNumber', undefined, 'text');
export const getNormalData = (rollNumber: string) => api.get<TAdmissionFormData>('v1', 'getNormalData', { rollNumber });

/**
 * saveApplicationFormData: the JSON part applicationFormData and the photo part imageUpload
 * (editedAadharNumber when a modify changes the Aadhaar). The applications list and dashboard refresh.
 */
export function useSaveAdmission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      payload,
      photo,
      editedAadharNumber,
    }: {
      payload: Record<string, string>;
      photo: File | null;
      editedAadharNumber?: string;
    }) => {
      const form = new FormData();
      form.append('applicationFormData', JSON.stringify(payload));
      if (photo) form.append('imageUpload', photo, photo.name);
      return apiRequest<TAdmissionSaved>('v1', 'saveApplicationFormData', {
        method: 'POST',
        body: form,
        query: editedAadharNumber ? { editedAadharNumber } : undefined,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ADMISSIONS_KEY }),
  });
}

/** Everything an admission save or import changes: the applications list and the dashboard figures. */
export const ADMISSIONS_KEY = ['adm', 'saved'];
export const useApplications = (page: number, size: number) =>
  useQuery({
    queryKey: [...ADMISSIONS_KEY, 'applications', page, size],
    queryFn: () =>
      api.get<TApplicationItem[]>('v1', 'getApplicationFormData', { limit: String(size + 1), offset: String(page * size) }),
  });
export const admissionPdf = (id: number) => api.get<z.infer<typeof ZAdmissionPdf>>('rest', `admissions/${id}/pdf`);
export const useAdmissionSummary = () =>
  useQuery({
    queryKey: [...ADMISSIONS_KEY, 'summary'],
    queryFn: () => api.get<TAdmissionsSummary>('rest', 'admissions/summary'),
  });
