import { useQuery } from '@tanstack/react-query';
import { ALUMNI_VIEW_ROLES, type TAlumniCourse, type TAlumniHistoryRecord } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';
import { getSessionUser } from '../../lib/session';

export const useAlumniCourses = () =>
  useQuery({ queryKey: ['alumni', 'courses'], queryFn: () => api.get<TAlumniCourse[]>('rest', 'alumni/courses'), staleTime: 10 * 60_000 });

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

/** getAlumniData is for these roles; others may still save a record. */
export const canViewAlumni = () => (getSessionUser()?.roles ?? []).some((r) => (ALUMNI_VIEW_ROLES as string[]).includes(r));

export const saveRegistration = (body: FormData) => api.post<{ message: string }>('v1', 'saveAlumniStudentRegister', body);
export const saveHistory = (body: FormData) => api.post<{ message: string }>('v1', 'saveAluminiHistoryByUrl', body);

/** Opens a record's stored photo or certificate in a new tab (the call needs the bearer token). */
export async function openHistoryFile(id: number, file: 'photo' | 'certificate') {
  const blob = await apiRequest<Blob>('rest', `alumni/history/${id}/${file}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
