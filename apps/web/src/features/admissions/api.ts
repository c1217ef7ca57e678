import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  admissionEndpoints as admissions,
  type TAdmissionFormData,
  type TAdmissionSaved,
  type ZCourseItem,
  type ZKeyValue,
  type ZSeatType,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';
import { callEndpoint, endpointKey, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Dropdown lists and settings change rarely: read again after five minutes. */
const LISTS = { staleTime: 5 * 60_000 };

// The legacy contract's lookups below are registered by hand with schemas of their own: typed here by hand.
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
export const useAdmissionTypes = () => useEndpointQuery(admissions.admissionTypes, undefined, LISTS);
export const useCastes = () => useEndpointQuery(admissions.castes, undefined, LISTS);
export const useSubCastes = (caste: string) =>
  useQuery(list(['adm', 'subCastes', caste], `getAllSubCastesByCaste/${encodeURIComponent(caste)}`, undefined, !!caste));
export const useAgents = () => useEndpointQuery(admissions.agents, undefined, LISTS);
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
export const useAdmissionSettings = () => useEndpointQuery(admissions.settings, undefined, LISTS);

export const nextAdmissionNumber = () => api.get<string>('v1', 'generateAdmistionNumber', undefined, 'text');
export const getNormalData = (rollNumber: string) => api.get<TAdmissionFormData>('v1', 'getNormalData', { rollNumber });

/** Everything an admission save, import or decision changes: the applications lists and the dashboard figures. */
export const ADMISSIONS_KEYS: QueryKey[] = [admissions.applications, admissions.summary, admissions.onlineApplications].map((e) =>
  endpointKey(e),
);

/**
 * saveApplicationFormData: the JSON part applicationFormData and the photo part imageUpload
 * (editedAadharNumber when a modify changes the Aadhaar). The applications list and dashboard refresh.
 */
export const useSaveAdmission = () =>
  useEndpointMutation(
    ({
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
    { invalidates: ADMISSIONS_KEYS },
  );

/** The applications list: the server searches every saved admission (q) and answers a page with the total. */
export const useApplications = (query: { q: string; limit: number; offset: number }) =>
  useEndpointQuery(
    admissions.applications,
    { query: { q: query.q || undefined, limit: query.limit, offset: query.offset } },
    { placeholderData: keepPreviousData },
  );
export const admissionPdf = (id: number) => callEndpoint(admissions.pdf, { params: { id } });
export const useAdmissionSummary = () => useEndpointQuery(admissions.summary);

// ---- Online applications: the public form and status page, and the office's queue ----

export const useApplicationOptions = () => useEndpointQuery(admissions.applicationOptions, undefined, LISTS);

/** POST /api/public/applications: the applicant's fields as JSON, the photo and the documents. */
export const useSubmitApplication = () =>
  useEndpointMutation(
    ({ fields, photo, documents }: { fields: Record<string, string>; photo: File | null; documents: File[] }) => {
      const form = new FormData();
      form.append('application', JSON.stringify(fields));
      if (photo) form.append('photo', photo, photo.name);
      for (const d of documents) form.append('documents', d, d.name);
      return callEndpoint(admissions.submitApplication, { body: form });
    },
  );

export const useApplicationStatus = () =>
  useEndpointMutation((q: { number: string; dob: string }) => callEndpoint(admissions.applicationStatus, { query: q }));

/** The office's queue. */
export interface OnlineQuery {
  status: 'pending' | 'accepted' | 'rejected' | 'all';
  q: string;
  page: number;
  pageSize: number;
}
export const useOnlineApplications = (q: OnlineQuery) =>
  useEndpointQuery(admissions.onlineApplications, { query: q }, { placeholderData: (previous) => previous });

/** Accepting or rejecting changes the admissions lists too. */
export const useDecideApplication = () => ({
  accept: useEndpointMutation((id: number) => callEndpoint(admissions.accept, { params: { id } }), {
    invalidates: ADMISSIONS_KEYS,
  }),
  reject: useEndpointMutation(
    ({ id, reason }: { id: number; reason: string }) => callEndpoint(admissions.reject, { params: { id }, body: { reason } }),
    { invalidates: ADMISSIONS_KEYS },
  ),
});

/** Opens an application's photo or document in a new tab (downloads it when pop-ups are blocked). */
export async function openApplicationFile(applicationId: number, fileId: number, fileName: string) {
  const blob = await fetchEndpointFile(admissions.applicationFile, { params: { id: applicationId, fileId } });
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
