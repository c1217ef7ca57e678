import { useQuery } from '@tanstack/react-query';
import { alumniEndpoints as alumni, type TAlumniHistoryRecord } from '@erp/shared';
import { api } from '../../lib/api-client';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useAlumniCourses = () => useEndpointQuery(alumni.courses, {}, { staleTime: 10 * 60_000 });

// The legacy contract's two reads below are registered by hand with schemas of their own (inline):
// typed here by hand.
export const useAlumniBatches = (degree: string) =>
  useQuery({
    queryKey: ['alumni', 'batches', degree],
    queryFn: () => api.get<string[]>('v1', 'getAlumniBatchesByCourse', { degree }),
    enabled: Boolean(degree),
    staleTime: 10 * 60_000,
  });

export const ALUMNI_DATA_KEY = ['alumni', 'data'] as const;
export const useAlumniData = (enabled = true) =>
  useQuery({ queryKey: ALUMNI_DATA_KEY, queryFn: () => api.get<TAlumniHistoryRecord[]>('v1', 'getAlumniData'), enabled });

/** Alumni registration (multipart: alumniStudentRegistration JSON and the optional file). */
export const useSaveRegistration = () => useEndpointMutation((body: FormData) => callEndpoint(alumni.register, { body }));

/** Alumni history (multipart: alumniData JSON, photo and certificate); the history list refreshes. */
export const useSaveHistory = () =>
  useEndpointMutation((body: FormData) => callEndpoint(alumni.saveHistory, { body }), { invalidates: [ALUMNI_DATA_KEY] });

/** Opens a record's stored photo or certificate in a new tab (the call needs the bearer token). */
export async function openHistoryFile(id: number, file: 'photo' | 'certificate') {
  const blob = await fetchEndpointFile(alumni.historyFile, { params: { id, file } });
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
