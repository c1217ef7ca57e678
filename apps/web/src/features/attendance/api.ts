import { attendanceEndpoints as attendance, mastersByKind, type TSheetSubmitInput } from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { enqueue, flushQueue } from './offline-queue';

export { ATTENDANCE_PATHS } from './paths';

/** Every attendance write refreshes every attendance query (sheets, percentages, shortage). */
const ATTENDANCE = [['attendance']];

export const useSheet = (date: string) => useEndpointQuery(attendance.sheet, { query: { date } });

export const sendSheet = (body: TSheetSubmitInput) => callEndpoint(attendance.submitSheet, { body });

/** Keeps the sheet in the browser first, then sends it; offline it waits for the connection. */
export const useSubmitSheet = () =>
  useEndpointMutation(
    async (body: TSheetSubmitInput) => {
      enqueue(body);
      const outcome = await flushQueue(sendSheet);
      return outcome.results.get(body.clientId) ?? { queued: true as const };
    },
    // Offline the sheet must still go into the queue: never let the query client pause it.
    { networkMode: 'always', invalidates: ATTENDANCE, invalidateOnError: true },
  );

export const useStudentAttendance = (rollNo: string) =>
  useEndpointQuery(attendance.student, { params: { rollNo } }, { enabled: Boolean(rollNo) });

export const useShortage = (q: { sectionId?: number; all?: boolean }) =>
  useEndpointQuery(attendance.shortage, { query: { sectionId: q.sectionId, all: q.all ? 'true' : undefined } });

/** The sections the pickers offer (the masters' list; the server narrows it to the caller's scope). */
export const useSections = () =>
  useEndpointQuery(mastersByKind.sections.list, { query: { pageSize: 500 } }, { select: (r) => r.items });

/** The shortage list PDF (verification QR) and the monthly register (Excel, one sheet per section). */
export const useAttendanceExport = () =>
  useEndpointMutation(async (v: { kind: 'pdf' | 'register'; sectionId?: number; month?: string }) => {
    if (v.kind === 'pdf') {
      saveBlob(await fetchEndpointFile(attendance.shortagePdf, { query: { sectionId: v.sectionId } }), 'attendance-shortage.pdf');
      return;
    }
    const blob = await fetchEndpointFile(attendance.register, { query: { sectionId: v.sectionId, month: v.month ?? '' } });
    saveBlob(blob, `attendance-register-${v.month}.xlsx`);
  });

/** A section's sheets of a date (HoD, admin): locked or open. */
export const useSectionSessions = (sectionId: number | '', date: string) =>
  useEndpointQuery(attendance.sessions, { query: { sectionId, from: date } }, { enabled: Boolean(sectionId && date) });

export const useSessionHistory = (id: number | null) =>
  useEndpointQuery(attendance.history, { params: { id: id! } }, { enabled: id !== null });

export const useUnlockSession = () =>
  useEndpointMutation((id: number) => callEndpoint(attendance.unlock, { params: { id } }), { invalidates: ATTENDANCE });
