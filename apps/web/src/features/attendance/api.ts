import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TSessionEdit,
  TSessionSummary,
  TSessionResult,
  TSheet,
  TSheetSubmitInput,
  TShortage,
  TStudentAttendance,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { enqueue, flushQueue } from './offline-queue';

export { ATTENDANCE_PATHS } from './paths';

export const useSheet = (date: string) =>
  useQuery({ queryKey: ['attendance', 'sheet', date], queryFn: () => api.get<TSheet>('rest', 'attendance/sheet', { date }) });

export const sendSheet = (body: TSheetSubmitInput) =>
  apiRequest<TSessionResult>('rest', 'attendance/sessions', { method: 'PUT', body });

/** Keeps the sheet in the browser first, then sends it; offline it waits for the connection. */
export function useSubmitSheet() {
  const qc = useQueryClient();
  return useMutation({
    // Offline the sheet must still go into the queue: never let the query client pause it.
    networkMode: 'always',
    mutationFn: async (body: TSheetSubmitInput) => {
      enqueue(body);
      const outcome = await flushQueue(sendSheet);
      return outcome.results.get(body.clientId) ?? { queued: true as const };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
}

export const useStudentAttendance = (rollNo: string) =>
  useQuery({
    queryKey: ['attendance', 'student', rollNo],
    queryFn: () => api.get<TStudentAttendance>('rest', `attendance/students/${encodeURIComponent(rollNo)}`),
    enabled: Boolean(rollNo),
  });

export const useShortage = (q: { sectionId?: number; all?: boolean }) =>
  useQuery({
    queryKey: ['attendance', 'shortage', q],
    queryFn: () => api.get<TShortage>('rest', 'attendance/shortage', { sectionId: q.sectionId, all: q.all ? 'true' : undefined }),
  });

export const useSections = () =>
  useQuery({
    queryKey: ['attendance', 'sections'],
    queryFn: () =>
      api
        .get<{ items: Array<{ id: number; label: string }> }>('rest', 'masters/sections', { pageSize: 500 })
        .then((r) => r.items),
  });

/** The shortage list PDF (verification QR) and the monthly register (Excel, one sheet per section). */
export function useAttendanceExport() {
  return useMutation({
    mutationFn: async (v: { kind: 'pdf' | 'register'; sectionId?: number; month?: string }) => {
      const query = { sectionId: v.sectionId, month: v.month };
      const path = v.kind === 'pdf' ? 'attendance/shortage.pdf' : 'attendance/register.xlsx';
      const blob = await apiRequest<Blob>('rest', path, { query, as: 'blob' });
      const name = v.kind === 'pdf' ? 'attendance-shortage.pdf' : `attendance-register-${v.month}.xlsx`;
      saveBlob(blob, name);
    },
  });
}

/** A section's sheets of a date (HoD, admin): locked or open. */
export const useSectionSessions = (sectionId: number | '', date: string) =>
  useQuery({
    enabled: Boolean(sectionId && date),
    queryKey: ['attendance', 'sessions', sectionId, date],
    queryFn: () => api.get<TSessionSummary[]>('rest', 'attendance/sessions', { sectionId, from: date }),
  });

export const useSessionHistory = (id: number | null) =>
  useQuery({
    enabled: id !== null,
    queryKey: ['attendance', 'history', id],
    queryFn: () => api.get<TSessionEdit[]>('rest', `attendance/sessions/${id}/history`),
  });

export function useUnlockSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string; unlockedUntil: string }>('rest', `attendance/sessions/${id}/unlock`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
}
