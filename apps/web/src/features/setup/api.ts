import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSetup, ZSetupDone, ZSetupStatus } from '@erp/shared';
import { apiRequest } from '../../lib/api-client';

export const useSetupStatus = () =>
  useQuery({ queryKey: ['setup-status'], queryFn: () => apiRequest<z.infer<typeof ZSetupStatus>>('rest', 'setup') });

export const useCompleteSetup = () =>
  useMutation({
    mutationFn: (body: TSetup) => apiRequest<z.infer<typeof ZSetupDone>>('rest', 'setup', { method: 'POST', body }),
  });
