import { useQuery } from '@tanstack/react-query';
import type { TAlumniCourse, TAlumniHistoryRecord } from '@erp/shared';
import { api } from '../../lib/api-client';

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
export const useAlumniData = () =>
  useQuery({ queryKey: ALUMNI_DATA_KEY, queryFn: () => api.get<TAlumniHistoryRecord[]>('v1', 'getAlumniData') });

export const saveRegistration = (body: FormData) => api.post<{ message: string }>('v1', 'saveAlumniStudentRegister', body);
export const saveHistory = (body: FormData) => api.post<{ message: string }>('v1', 'saveAluminiHistoryByUrl', body);
