import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TApplicationAccepted,
  TApplicationOptions,
  TApplicationReceipt,
  TApplicationRejected,
  TApplicationStatus,
  TOnlineApplicationPage,
  TAdmissionFormData,
  TAdmissionSaved,
  TAdmissionSettings,
  TAdmissionsSummary,
  TApplicationPage,
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
/** The applications list: the server searches every saved admission (q) and answers a page with the total. */
export const useApplications = (query: { q: string; limit: number; offset: number }) =>
  useQuery({
    queryKey: [...ADMISSIONS_KEY, 'applications', query],
    queryFn: () =>
      api.get<TApplicationPage>('rest', 'admissions/applications', {
        q: query.q || undefined,
        limit: String(query.limit),
        offset: String(query.offset),
      }),
    placeholderData: keepPreviousData,
  });
export const admissionPdf = (id: number) => api.get<z.infer<typeof ZAdmissionPdf>>('rest', `admissions/${id}/pdf`);
export const useAdmissionSummary = () =>
  useQuery({
    queryKey: [...ADMISSIONS_KEY, 'summary'],
    queryFn: () => api.get<TAdmissionsSummary>('rest', 'admissions/summary'),
  });

// ---- Online applications: the public form and status page, and the office's queue ----

export const useApplicationOptions = () =>
  useQuery({
    queryKey: ['adm', 'online', 'options'],
    queryFn: () => api.get<TApplicationOptions>('rest', 'public/applications/options'),
    staleTime: 5 * 60_000,
  });

/** POST /api/public/applications: the applicant's fields as JSON, the photo and the documents. */
export const useSubmitApplication = () =>
  useMutation({
    mutationFn: ({ fields, photo, documents }: { fields: Record<string, string>; photo: File | null; documents: File[] }) => {
      const form = new FormData();
      form.append('application', JSON.stringify(fields));
      if (photo) form.append('photo', photo, photo.name);
      for (const d of documents) form.append('documents', d, d.name);
      return apiRequest<TApplicationReceipt>('rest', 'public/applications', { method: 'POST', body: form });
    },
  });

export const useApplicationStatus = () =>
  useMutation({
    mutationFn: (q: { number: string; dob: string }) => api.get<TApplicationStatus>('rest', 'public/applications/status', q),
  });

/** The office's queue and everything an accept or reject changes (the admissions lists too). */
const ONLINE_KEY = ['adm', 'saved', 'online'];
export interface OnlineQuery {
  status: 'pending' | 'accepted' | 'rejected' | 'all';
  q: string;
  page: number;
  pageSize: number;
}
export const useOnlineApplications = (q: OnlineQuery) =>
  useQuery({
    queryKey: [...ONLINE_KEY, q],
    queryFn: () => api.get<TOnlineApplicationPage>('rest', 'admissions/online-applications', { ...q }),
    placeholderData: (previous) => previous,
  });

export function useDecideApplication() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ADMISSIONS_KEY });
  return {
    accept: useMutation({
      mutationFn: (id: number) => api.post<TApplicationAccepted>('rest', `admissions/online-applications/${id}/accept`),
      onSuccess: done,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: string }) =>
        api.post<TApplicationRejected>('rest', `admissions/online-applications/${id}/reject`, { reason }),
      onSuccess: done,
    }),
  };
}

/** Opens an application's photo or document in a new tab (downloads it when pop-ups are blocked). */
export async function openApplicationFile(applicationId: number, fileId: number, fileName: string) {
  const blob = await apiRequest<Blob>('rest', `admissions/online-applications/${applicationId}/files/${fileId}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank');
  if (!win) {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
