import { leaveEndpoints as leave, type TLeaveApplyInput, type TLeaveTypeInput } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export { LEAVE_PATHS } from './paths';

/** Every leave write refreshes every leave query (balances move with the applications). */
const LEAVE = [['leave']];

export const useLeaveTypes = () => useEndpointQuery(leave.types);
/** scope 'mine': the caller's own balances; otherwise all they may see (a HoD: the department's). */
export const useBalances = (academicYear?: string, scope?: 'mine' | 'all', enabled = true) =>
  useEndpointQuery(leave.balances, { query: { academicYear, scope } }, { enabled });
export const useApplications = (view: 'mine' | 'backup' | 'approvals' | 'department') =>
  useEndpointQuery(leave.applications, { query: { view } });
export const useMissedClasses = (fromDate: string, toDate: string) =>
  useEndpointQuery(
    leave.missedClasses,
    { query: { fromDate, toDate } },
    { enabled: Boolean(fromDate && toDate && toDate >= fromDate) },
  );
export const useLeaveCalendar = (month: string) => useEndpointQuery(leave.calendar, { query: { month } });

export const useApply = () =>
  useEndpointMutation((b: TLeaveApplyInput) => callEndpoint(leave.apply, { body: b }), { invalidates: LEAVE });
export const useBackupDecision = () =>
  useEndpointMutation(
    (v: { id: number; accept: boolean }) =>
      callEndpoint(leave.backupDecision, { params: { id: v.id }, body: { accept: v.accept } }),
    { invalidates: LEAVE },
  );
export const useReplaceBackup = () =>
  useEndpointMutation(
    (v: { id: number; backupId: number; backupFacultyId: number }) =>
      callEndpoint(leave.replaceBackup, {
        params: { id: v.id },
        body: { backupId: v.backupId, backupFacultyId: v.backupFacultyId },
      }),
    { invalidates: LEAVE },
  );
export const useDecision = () =>
  useEndpointMutation(
    (v: { id: number; approve: boolean; note?: string }) =>
      callEndpoint(leave.decide, { params: { id: v.id }, body: { approve: v.approve, note: v.note ?? '' } }),
    { invalidates: LEAVE },
  );
export const useSaveType = () =>
  useEndpointMutation(
    (v: { id?: number; body: TLeaveTypeInput }) =>
      v.id
        ? callEndpoint(leave.updateType, { params: { id: v.id }, body: v.body })
        : callEndpoint(leave.createType, { body: v.body }),
    { invalidates: LEAVE },
  );
export const useRetireType = () =>
  useEndpointMutation((id: number) => callEndpoint(leave.retireType, { params: { id } }), { invalidates: LEAVE });
export const useOpenYear = () =>
  useEndpointMutation((academicYear: string) => callEndpoint(leave.allocate, { body: { academicYear } }), { invalidates: LEAVE });
