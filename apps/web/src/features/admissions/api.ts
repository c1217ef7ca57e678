import { keepPreviousData, type QueryKey } from '@tanstack/react-query';
import { admissionEndpoints as admissions } from '@erp/shared';
import { callEndpoint, endpointKey, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Dropdown lists and settings change rarely: read again after five minutes. */
const LISTS = { staleTime: 5 * 60_000 };

export const useCourses = () => useEndpointQuery(admissions.courses, undefined, LISTS);
export const useBatches = (course: string) =>
  useEndpointQuery(admissions.batches, { query: { degree: course } }, { ...LISTS, enabled: !!course });
export const useBranches = (course: string, batch: string) =>
  useEndpointQuery(admissions.branches, { query: { course, batch } }, { ...LISTS, enabled: !!course && !!batch });
export const useSemesters = (course: string, enabled: boolean) =>
  useEndpointQuery(admissions.semesters, { query: { course } }, { ...LISTS, enabled: !!course && enabled });
export const useAdmissionTypes = () => useEndpointQuery(admissions.admissionTypes, undefined, LISTS);
export const useCastes = () => useEndpointQuery(admissions.castes, undefined, LISTS);
export const useSubCastes = (caste: string) =>
  useEndpointQuery(admissions.subCastes, { params: { caste } }, { ...LISTS, enabled: !!caste });
export const useAgents = () => useEndpointQuery(admissions.agents, undefined, LISTS);
export const useSeatTypes = () => useEndpointQuery(admissions.seatTypes, undefined, LISTS);
export const useKeyValues = (key: 'entrancetype' | 'Nationality' | 'Religion') =>
  useEndpointQuery(admissions.keyValues, { query: { key } }, LISTS);
export const useAdmissionSettings = () => useEndpointQuery(admissions.settings, undefined, LISTS);

/** The next admission number (the server answers it as text). */
export const nextAdmissionNumber = () => callEndpoint(admissions.nextNumber);
export const getNormalData = (rollNumber: string) => callEndpoint(admissions.formData, { query: { rollNumber } });

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
      return callEndpoint(admissions.save, { query: { editedAadharNumber: editedAadharNumber || undefined }, body: form });
    },
    { invalidates: ADMISSIONS_KEYS },
  );

/** The applications list: the server searches every saved admission (q) and answers a page with the total. */
export const useApplications = (query: {
  q: string;
  limit: number;
  offset: number;
  branch?: string;
  quota?: string;
  year?: string;
}) =>
  useEndpointQuery(
    admissions.applications,
    {
      query: {
        q: query.q || undefined,
        limit: query.limit,
        offset: query.offset,
        branch: query.branch || undefined,
        quota: query.quota || undefined,
        year: query.year || undefined,
      },
    },
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

/** A year's sanctioned intake per course and branch (leadership's admissions figures set admitted against it). */
export const useIntakes = (year: number) => useEndpointQuery(admissions.intakes, { query: { year: String(year) } });
export const useSaveIntakes = () => useEndpointMutation(admissions.saveIntakes, { invalidates: [admissions.intakes] });
