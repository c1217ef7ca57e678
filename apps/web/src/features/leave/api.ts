import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBalance, TLeaveApplication, TLeaveApplyInput, TLeaveType, TLeaveTypeInput, TMissedClass } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export { LEAVE_PATHS } from './paths';

export const useLeaveTypes = () =>
  useQuery({ queryKey: ['leave', 'types'], queryFn: () => api.get<TLeaveType[]>('rest', 'leave/types') });
/** scope 'mine': the caller's own balances; otherwise all they may see (a HoD: the department's). */
export const useBalances = (academicYear?: string, scope?: 'mine' | 'all', enabled = true) =>
  useQuery({
    queryKey: ['leave', 'balances', academicYear, scope],
    queryFn: () => api.get<TBalance[]>('rest', 'leave/balances', { academicYear, scope }),
    enabled,
  });
export const useApplications = (view: 'mine' | 'backup' | 'approvals' | 'department') =>
  useQuery({
    queryKey: ['leave', 'applications', view],
    queryFn: () => api.get<TLeaveApplication[]>('rest', 'leave/applications', { view }),
  });
export const useMissedClasses = (fromDate: string, toDate: string) =>
  useQuery({
    queryKey: ['leave', 'missed', fromDate, toDate],
    queryFn: () => api.get<TMissedClass[]>('rest', 'leave/missed-classes', { fromDate, toDate }),
    enabled: Boolean(fromDate && toDate && toDate >= fromDate),
  });
export const useLeaveCalendar = (month: string) =>
  useQuery({
    queryKey: ['leave', 'calendar', month],
    queryFn: () =>
      api.get<
        Array<{
          facultyName: string;
          department: string;
          leaveType: string;
          fromDate: string;
          toDate: string;
          halfDay: boolean;
          status: string;
        }>
      >('rest', 'leave/calendar', { month }),
  });

function useLeaveMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['leave'] }) });
}
export const useApply = () =>
  useLeaveMutation((b: TLeaveApplyInput) => api.post<TLeaveApplication & { message: string }>('rest', 'leave/applications', b));
export const useBackupDecision = () =>
  useLeaveMutation((v: { id: number; accept: boolean }) =>
    api.post<TLeaveApplication>('rest', `leave/applications/${v.id}/backup-decision`, { accept: v.accept }),
  );
export const useReplaceBackup = () =>
  useLeaveMutation((v: { id: number; backupId: number; backupFacultyId: number }) =>
    apiRequest<TLeaveApplication>('rest', `leave/applications/${v.id}/backups`, { method: 'PUT', body: v }),
  );
export const useDecision = () =>
  useLeaveMutation((v: { id: number; approve: boolean; note?: string }) =>
    api.post<TLeaveApplication>('rest', `leave/applications/${v.id}/decision`, { approve: v.approve, note: v.note ?? '' }),
  );
export const useSaveType = () =>
  useLeaveMutation((v: { id?: number; body: TLeaveTypeInput }) =>
    v.id
      ? apiRequest<TLeaveType>('rest', `leave/types/${v.id}`, { method: 'PUT', body: v.body })
      : api.post<TLeaveType>('rest', 'leave/types', v.body),
  );
export const useRetireType = () => useLeaveMutation((id: number) => api.del<{ message: string }>('rest', `leave/types/${id}`));
export const useOpenYear = () =>
  useLeaveMutation((academicYear: string) => api.post<{ message: string }>('rest', 'leave/balances/allocate', { academicYear }));
