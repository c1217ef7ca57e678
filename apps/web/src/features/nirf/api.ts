import { keepPreviousData } from '@tanstack/react-query';
import { nirfEndpoints as nirf } from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { fetchEndpointFile, useEndpointQuery } from '../../lib/endpoints';

export const useNirfData = (year: number) =>
  useEndpointQuery(nirf.data, { query: { year: String(year) } }, { placeholderData: keepPreviousData });

export const downloadNirf = async (year: number) =>
  saveBlob(await fetchEndpointFile(nirf.export, { query: { year: String(year) } }), `nirf-${year}.xlsx`);
