import { z } from 'zod';
import {
  ZNaacEvidence,
  ZNaacMetricParams,
  ZNaacMetrics,
  ZQualityFields,
  ZQualityFieldsSave,
  ZQualityYearQuery,
  ZQualityYearsQuery,
} from '../quality-schemas.js';
import { defineEndpoint as e } from './define.js';

const XLSX = z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** NAAC's quantitative SSR metrics computed from the portal's data, their evidence, the export and IQAC's inputs. */
export const naacEndpoints = {
  metrics: e({ method: 'GET', path: '/api/naac/metrics', query: ZQualityYearQuery, response: ZNaacMetrics }),
  evidence: e({
    method: 'GET',
    path: '/api/naac/metrics/:metric/evidence',
    params: ZNaacMetricParams,
    query: ZQualityYearQuery,
    response: ZNaacEvidence,
  }),
  /** the workbook in NAAC's data-template layout, for years like 2021-2025 */
  export: e({ method: 'GET', path: '/api/naac/export', query: ZQualityYearsQuery, response: XLSX }),
  inputs: e({ method: 'GET', path: '/api/naac/inputs', query: ZQualityYearQuery, response: ZQualityFields }),
  saveInputs: e({ method: 'PUT', path: '/api/naac/inputs', body: ZQualityFieldsSave, response: ZQualityFields }),
};
