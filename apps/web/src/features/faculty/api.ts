import { useQuery } from '@tanstack/react-query';
import type { TAchievementInput, TAchievementRow, TDepartmentRecord, TFacultyName, TFacultyProfile } from '@erp/shared';
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
    queryFn: async () => (await api.get<TDepartmentRecord[]>('auth', 'v1/getAllDepartmentDetails')).map((d) => d.departmentCreationPrimaryKey.departmentName),
  });

export const useFacultyNames = (department: string) =>
  useQuery({
    queryKey: ['achievements', 'faculty', department],
    queryFn: () => api.get<TFacultyName[]>('auth', 'v1/getFacultyNamesBasedOnDepartment', { department }),
    enabled: Boolean(department),
  });

export const searchAchievements = (facultyDept: string, facultyName: string) =>
  api.get<TAchievementRow[]>('auth', 'v1/getfacultyAchievements', { facultyName, facultyDept });
export const saveAchievement = (a: TAchievementInput) => api.post<{ message: string; id: number }>('auth', 'v1/savefacultyAchievements', a);
export const deleteAchievement = (a: TAchievementRow) => api.del<{ message: string }>('auth', 'v1/deletefacultyAchiveMent', a);

// ---- own records (REST) ----
export type RecordKind = 'publications' | 'mous' | 'awards';
export const useRecords = <T,>(kind: RecordKind) => useQuery({ queryKey: ['faculty', kind], queryFn: () => api.get<T[]>('rest', `faculty/${kind}`) });
export const createRecord = (kind: RecordKind, body: unknown) => api.post<{ message: string; id: number }>('rest', `faculty/${kind}`, body);
export const updateRecord = (kind: RecordKind, id: number, body: unknown) =>
  apiRequest<{ message: string }>('rest', `faculty/${kind}/${id}`, { method: 'PUT', body });
export const deleteRecord = (kind: RecordKind, id: number) => apiRequest<{ message: string }>('rest', `faculty/${kind}/${id}`, { method: 'DELETE' });
