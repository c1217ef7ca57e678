import { useQuery } from '@tanstack/react-query';
import type { TPendingRegistration, TRegistration } from '@erp/shared';
import { api } from '../../lib/api-client';

export const usePrograms = (enabled: boolean) =>
  useQuery({ queryKey: ['getProgram'], queryFn: () => api.get<string[]>('auth', 'v1/getProgram'), enabled });

export const signUp = (payload: TRegistration) => api.post<{ message: string }>('auth', 'auth/signup', payload);

export const usePending = () =>
  useQuery({ queryKey: ['registrations', 'pending'], queryFn: () => api.get<TPendingRegistration[]>('rest', 'registrations/pending') });

export const decide = (id: number, approve: boolean) =>
  api.post<{ message: string }>('rest', `registrations/${id}/${approve ? 'approve' : 'reject'}`);
