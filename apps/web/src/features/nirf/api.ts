import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNirfData } from '@erp/shared';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const useNirfData = (year: number) =>
  useQuery({
    queryKey: ['nirf', 'data', year],
    queryFn: () => api.get<TNirfData>('rest', 'nirf/data', { year: String(year) }),
    placeholderData: keepPreviousData,
  });

export const downloadNirf = (year: number) => downloadFile('rest', `nirf/export?year=${year}`, `nirf-${year}.xlsx`);
