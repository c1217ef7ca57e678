import { z } from 'zod';
import { ZIdParams, ZMessage } from '../common-schemas.js';
import {
  ZAllocateBalances,
  ZAllocateResult,
  ZBackupDecision,
  ZBalanceList,
  ZBalanceQuery,
  ZLeaveApplication,
  ZLeaveApplicationList,
  ZLeaveApply,
  ZLeaveCalendar,
  ZLeaveCalendarQuery,
  ZLeaveDecision,
  ZLeaveListQuery,
  ZLeaveType,
  ZLeaveTypeInput,
  ZLeaveTypeList,
  ZMissedClasses,
  ZMissedClassesQuery,
  ZReplaceBackup,
} from '../leave-schemas.js';
import { defineEndpoint as e } from './define.js';

/** Leave types and balances, applying with backups, backup decisions, HoD/principal approval. */
export const leaveEndpoints = {
  types: e({ method: 'GET', path: '/api/leave/types', response: ZLeaveTypeList }),
  createType: e({ method: 'POST', path: '/api/leave/types', body: ZLeaveTypeInput, response: ZLeaveType }),
  updateType: e({ method: 'PUT', path: '/api/leave/types/:id', params: ZIdParams, body: ZLeaveTypeInput, response: ZLeaveType }),
  retireType: e({ method: 'DELETE', path: '/api/leave/types/:id', params: ZIdParams, response: ZMessage }),
  balances: e({ method: 'GET', path: '/api/leave/balances', query: ZBalanceQuery, response: ZBalanceList }),
  allocate: e({ method: 'POST', path: '/api/leave/balances/allocate', body: ZAllocateBalances, response: ZAllocateResult }),
  missedClasses: e({ method: 'GET', path: '/api/leave/missed-classes', query: ZMissedClassesQuery, response: ZMissedClasses }),
  applications: e({ method: 'GET', path: '/api/leave/applications', query: ZLeaveListQuery, response: ZLeaveApplicationList }),
  apply: e({
    method: 'POST',
    path: '/api/leave/applications',
    body: ZLeaveApply,
    response: ZLeaveApplication.extend({ message: z.string() }),
  }),
  backupDecision: e({
    method: 'POST',
    path: '/api/leave/applications/:id/backup-decision',
    params: ZIdParams,
    body: ZBackupDecision,
    response: ZLeaveApplication,
  }),
  replaceBackup: e({
    method: 'PUT',
    path: '/api/leave/applications/:id/backups',
    params: ZIdParams,
    body: ZReplaceBackup,
    response: ZLeaveApplication,
  }),
  decide: e({
    method: 'POST',
    path: '/api/leave/applications/:id/decision',
    params: ZIdParams,
    body: ZLeaveDecision,
    response: ZLeaveApplication,
  }),
  calendar: e({ method: 'GET', path: '/api/leave/calendar', query: ZLeaveCalendarQuery, response: ZLeaveCalendar }),
};
