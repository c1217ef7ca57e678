import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNaacEvidence, TNaacMetrics } from '@erp/shared';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const useNaacMetrics = (year: number | null) =>
  useQuery({
    queryKey: ['naac', 'metrics', year],
    queryFn: () => api.get<TNaacMetrics>('rest', 'naac/metrics', year ? { year: String(year) } : undefined),
    placeholderData: keepPreviousData,
  });

export const useNaacEvidence = (metric: string | null, year: number) =>
  useQuery({
    queryKey: ['naac', 'evidence', metric, year],
    queryFn: () => api.get<TNaacEvidence>('rest', `naac/metrics/${encodeURIComponent(metric!)}/evidence`, { year: String(year) }),
    enabled: !!metric,
  });

/** The five years ending at `last`, in NAAC's data-template layout. */
export const downloadNaac = (last: number) =>
  downloadFile('rest', `naac/export?years=${last - 4}-${last}`, `naac-${last - 4}-${last + 1}.xlsx`);
