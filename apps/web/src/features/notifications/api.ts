import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInboxPage, TNotificationPrefs, TNotificationPrefsUpdate, TOutboxPage } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

/** The bell in the header uses the same keys, so marking read here updates its count. */
export const useInbox = (q: { page: number; pageSize: number; unread?: boolean }) =>
  useQuery({
    queryKey: ['notifications', 'inbox', q.page, q.pageSize, Boolean(q.unread)],
    queryFn: () =>
      api.get<TInboxPage>('rest', 'me/notifications/inbox', {
        page: q.page,
        pageSize: q.pageSize,
        ...(q.unread ? { unread: 'true' } : {}),
      }),
  });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<{ unread: number }>('rest', 'me/notifications/inbox/read', ids ? { ids } : {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['notifications', 'inbox'] }),
  });
}

export const usePrefs = () =>
  useQuery({ queryKey: ['notifications', 'prefs'], queryFn: () => api.get<TNotificationPrefs>('rest', 'me/notifications') });

export function useSavePrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPrefsUpdate) =>
      apiRequest<TNotificationPrefs>('rest', 'me/notifications', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(['notifications', 'prefs'], data),
  });
}

export const useOutbox = (q: { page: number; pageSize: number; q?: string; status?: string }) =>
  useQuery({
    queryKey: ['notifications', 'outbox', q],
    queryFn: () =>
      api.get<TOutboxPage>('rest', 'outbox', {
        page: q.page,
        pageSize: q.pageSize,
        ...(q.q ? { q: q.q } : {}),
        ...(q.status ? { status: q.status } : {}),
      }),
    placeholderData: (prev) => prev,
  });

export function useResend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>('rest', `outbox/${id}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['notifications', 'outbox'] }),
  });
}

/** 2026-11-23T09:05:00Z → 23-11-2026 14:35 (India time). */
export function when(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)} ${d.slice(11, 16)}`;
}
