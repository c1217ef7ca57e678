import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TSavedId, TAchievementInput, TAchievementRow, TDepartmentRecord, TFacultyName, TFacultyProfile } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

// ---- faculty database (dashboard) ----
export const COUNT_CALLS = [
  { call: 'getReserachPapersBasedOnUserName', label: 'Publications' },
  { call: 'getCountOfCitations', label: 'Citations' },
  { call: 'getCountOfScoupos', label: 'Scopus' },
  { call: 'getAwardsByFaculty', label: 'Awards' },
  { call: 'getMousCounByUserName', label: 'MoUs' },
] as const;

export const useCount = (call: string, userName: string) =>
  useQuery({ queryKey: ['faculty-db', call, userName], queryFn: () => api.get<number>('facultyDb', call, { userName }) });

export const useProfile = (q: { collegeId: number; financialYear: string; typeofInstitution: string; userId: string }) =>
  useQuery({
    queryKey: ['faculty-db', 'profile', q],
    queryFn: async () => (await api.get<TFacultyProfile[]>('facultyDb', 'getallprofiledata', q))[0] ?? null,
  });

// ---- achievements (auth service) ----
export const useDepartments = () =>
  useQuery({
    queryKey: ['achievements', 'departments'],
    queryFn: async () =>
      (await api.get<TDepartmentRecord[]>('auth', 'v1/getAllDepartmentDetails')).map(
        (d) => d.departmentCreationPrimaryKey.departmentName,
      ),
  });

export const useFacultyNames = (department: string) =>
  useQuery({
    queryKey: ['achievements', 'faculty', department],
    queryFn: () => api.get<TFacultyName[]>('auth', 'v1/getFacultyNamesBasedOnDepartment', { department }),
    enabled: Boolean(department),
  });

export const searchAchievements = (facultyDept: string, facultyName: string) =>
  api.get<TAchievementRow[]>('auth', 'v1/getfacultyAchievements', { facultyName, facultyDept });
/** The dashboard's counts read the same rows as the manager pages: a change refreshes both. */
const useRefreshFaculty = () => {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['faculty'] }), qc.invalidateQueries({ queryKey: ['faculty-db'] })]);
};

/** Saves a new or edited achievement (the search result is re-run by the page, which holds it). */
export function useSaveAchievement() {
  const refresh = useRefreshFaculty();
  return useMutation({
    mutationFn: (a: TAchievementInput) => api.post<TSavedId>('auth', 'v1/savefacultyAchievements', a),
    onSuccess: refresh,
  });
}
export function useDeleteAchievement() {
  const refresh = useRefreshFaculty();
  return useMutation({
    mutationFn: (a: TAchievementRow) => api.del<TMessage>('auth', 'v1/deletefacultyAchiveMent', a),
    onSuccess: refresh,
  });
}

// ---- own records (REST) ----
export type RecordKind = 'publications' | 'mous' | 'awards';
export const useRecords = <T>(kind: RecordKind) =>
  useQuery({ queryKey: ['faculty', kind], queryFn: () => api.get<T[]>('rest', `faculty/${kind}`) });
/** Creates (id null) or updates one of the user's own records; the lists and dashboard counts refresh. */
export function useSaveRecord(kind: RecordKind) {
  const refresh = useRefreshFaculty();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: unknown }) =>
      id
        ? apiRequest<TMessage>('rest', `faculty/${kind}/${id}`, { method: 'PUT', body: values })
        : api.post<TSavedId>('rest', `faculty/${kind}`, values),
    onSuccess: refresh,
  });
}
export function useDeleteRecord(kind: RecordKind) {
  const refresh = useRefreshFaculty();
  return useMutation({
    mutationFn: (id: number) => apiRequest<TMessage>('rest', `faculty/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
