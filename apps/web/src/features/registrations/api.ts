import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TPendingRegistration, TRegistration } from '@erp/shared';
import { api } from '../../lib/api-client';

export const REGISTRATIONS_KEY = ['registrations'];

export const usePrograms = (enabled: boolean) =>
  useQuery({ queryKey: ['getProgram'], queryFn: () => api.get<string[]>('auth', 'v1/getProgram'), enabled });

/** Self-registration: the account waits for an admin's approval (the pending list refreshes). */
export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: TRegistration) => api.post<TMessage>('auth', 'auth/signup', payload),
    onSuccess: () => qc.invalidateQueries({ queryKey: REGISTRATIONS_KEY }),
  });
}

export const usePending = () =>
  useQuery({
    queryKey: [...REGISTRATIONS_KEY, 'pending'],
    queryFn: () => api.get<TPendingRegistration[]>('rest', 'registrations/pending'),
  });

/** Approves or rejects a pending registration; the pending list and the dashboard count refresh. */
export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.post<TMessage>('rest', `registrations/${id}/${approve ? 'approve' : 'reject'}`),
    onSettled: () => qc.invalidateQueries({ queryKey: REGISTRATIONS_KEY }),
  });
}
