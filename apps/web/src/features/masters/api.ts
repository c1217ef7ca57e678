import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAllocation, TAllocationInput, TMasterKind, TTimetable, TTimetableInput } from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export { MASTERS_PATHS } from './paths';

export interface ListResult {
  items: Array<Record<string, unknown> & { id: number; retired: boolean }>;
  total: number;
}

export const useMasterList = (
  kind: TMasterKind,
  q: { q?: string; page?: number; pageSize?: number; includeRetired?: boolean },
  enabled = true,
) =>
  useQuery({
    enabled,
    queryKey: ['masters', kind, q],
    queryFn: () =>
      api.get<ListResult>('rest', `masters/${kind}`, {
        q: q.q,
        page: q.page,
        pageSize: q.pageSize,
        includeRetired: q.includeRetired ? 'true' : undefined,
      }),
  });

export function useSaveMaster(kind: TMasterKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; body: unknown }) =>
      v.id
        ? apiRequest<{ id: number }>('rest', `masters/${kind}/${v.id}`, { method: 'PUT', body: v.body })
        : api.post<{ id: number }>('rest', `masters/${kind}`, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['masters'] }),
  });
}

export function useRetireMaster(kind: TMasterKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>('rest', `masters/${kind}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['masters'] }),
  });
}

export const useTimetable = (sectionId: number | 'me') =>
  useQuery({ queryKey: ['timetable', sectionId], queryFn: () => api.get<TTimetable>('rest', `timetable/${sectionId}`) });

export const useAllocations = (sectionId: number | null, academicYear: string) =>
  useQuery({
    enabled: sectionId !== null,
    queryKey: ['allocations', sectionId, academicYear],
    queryFn: () => api.get<TAllocation[]>('rest', 'subject-allocations', { sectionId: sectionId ?? undefined, academicYear }),
  });

export function useAllocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAllocationInput) => api.post<TAllocation[]>('rest', 'subject-allocations', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['allocations'] }),
  });
}

/** Saves a section's week; a clash answers 409 with every clashing cell (body.clashes). */
export function useSaveTimetable(sectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTimetableInput) => apiRequest<TTimetable>('rest', `timetable/${sectionId}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['timetable'] }),
  });
}
