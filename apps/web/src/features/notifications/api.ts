import { notificationEndpoints as notes, type EndpointQuery, type TNotificationPrefsUpdate } from '@erp/shared';
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** The bell in the header reads the same endpoint, so marking read here updates its count. */
export const useInbox = (q: { page: number; pageSize: number; unread?: boolean }) =>
  useEndpointQuery(notes.inbox, {
    query: { page: q.page, pageSize: q.pageSize, ...(q.unread ? { unread: 'true' as const } : {}) },
  });

/** Marks the given notifications read, or all of them. */
export const useMarkRead = () =>
  useEndpointMutation((ids?: number[]) => callEndpoint(notes.markRead, { body: ids ? { ids } : {} }), {
    invalidates: [notes.inbox],
  });

export const usePrefs = () => useEndpointQuery(notes.prefs);

export const useSavePrefs = () =>
  useEndpointMutation((body: TNotificationPrefsUpdate) => callEndpoint(notes.savePrefs, { body }), {
    sets: (saved) => [[endpointKey(notes.prefs, {}), saved]],
  });

/** The filters as the screen holds them (the status as text; the server checks it). */
export const useOutbox = (q: { page: number; pageSize: number; q?: string; status?: string }) =>
  useEndpointQuery(
    notes.outbox,
    {
      query: {
        page: q.page,
        pageSize: q.pageSize,
        ...(q.q ? { q: q.q } : {}),
        ...(q.status ? { status: q.status } : {}),
      } as EndpointQuery<typeof notes.outbox>,
    },
    { placeholderData: (prev) => prev },
  );

export const useResend = () =>
  useEndpointMutation((id: number) => callEndpoint(notes.resend, { params: { id } }), { invalidates: [notes.outbox] });

/** 2026-11-23T09:05:00Z → 23-11-2026 14:35 (India time). */
export function when(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)} ${d.slice(11, 16)}`;
}
