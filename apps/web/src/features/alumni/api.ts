import { alumniEndpoints as alumni } from '@erp/shared';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useAlumniCourses = () => useEndpointQuery(alumni.courses, {}, { staleTime: 10 * 60_000 });

export const useAlumniBatches = (degree: string) =>
  useEndpointQuery(alumni.batches, { query: { degree } }, { enabled: Boolean(degree), staleTime: 10 * 60_000 });

export const useAlumniData = (enabled = true) => useEndpointQuery(alumni.data, undefined, { enabled });

/** Alumni registration (multipart: alumniStudentRegistration JSON and the optional file). */
export const useSaveRegistration = () => useEndpointMutation((body: FormData) => callEndpoint(alumni.register, { body }));

/** Alumni history (multipart: alumniData JSON, photo and certificate); the history list refreshes. */
export const useSaveHistory = () =>
  useEndpointMutation((body: FormData) => callEndpoint(alumni.saveHistory, { body }), { invalidates: [alumni.data] });

/** Opens a record's stored photo or certificate in a new tab (the call needs the bearer token). */
export async function openHistoryFile(id: number, file: 'photo' | 'certificate') {
  const blob = await fetchEndpointFile(alumni.historyFile, { params: { id, file } });
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
