import { keepPreviousData } from '@tanstack/react-query';
import { naacEndpoints as naac } from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { fetchEndpointFile, useEndpointQuery } from '../../lib/endpoints';

export const useNaacMetrics = (year: number | null) =>
  useEndpointQuery(naac.metrics, { query: year ? { year: String(year) } : {} }, { placeholderData: keepPreviousData });

export const useNaacEvidence = (metric: string | null, year: number) =>
  useEndpointQuery(naac.evidence, { params: { metric: metric ?? '' }, query: { year: String(year) } }, { enabled: !!metric });

/** The five years ending at `last`, in NAAC's data-template layout. */
export const downloadNaac = async (last: number) =>
  saveBlob(
    await fetchEndpointFile(naac.export, { query: { years: `${last - 4}-${last}` } }),
    `naac-${last - 4}-${last + 1}.xlsx`,
  );
