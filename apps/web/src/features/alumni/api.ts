import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TMessage, type TAlumniCourse, type TAlumniHistoryRecord } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const useAlumniCourses = () =>
  useQuery({
    queryKey: ['alumni', 'courses'],
    queryFn: () => api.get<TAlumniCourse[]>('rest', 'alumni/courses'),
    staleTime: 10 * 60_000,
  });

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
export const useSaveRegistration = () =>
  useMutation({ mutationFn: (body: FormData) => api.post<TMessage>('v1', 'saveAlumniStudentRegister', body) });

/** Alumni history (multipart: alumniData JSON, photo and certificate); the history list refreshes. */
export function useSaveHistory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => api.post<TMessage>('v1', 'saveAluminiHistoryByUrl', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ALUMNI_DATA_KEY }),
  });
}

/** Opens a record's stored photo or certificate in a new tab (the call needs the bearer token). */
export async function openHistoryFile(id: number, file: 'photo' | 'certificate') {
  const blob = await apiRequest<Blob>('rest', `alumni/history/${id}/${file}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
