import { z } from 'zod';
import { ZNirfData, ZQualityFields, ZQualityFieldsSave, ZQualityYearQuery } from '../quality-schemas.js';
import { defineEndpoint as e } from './define.js';

const XLSX = z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** NIRF (engineering) data capture filled from the portal, the computable scores, the export and IQAC's inputs. */
export const nirfEndpoints = {
  data: e({ method: 'GET', path: '/api/nirf/data', query: ZQualityYearQuery, response: ZNirfData }),
  export: e({ method: 'GET', path: '/api/nirf/export', query: ZQualityYearQuery, response: XLSX }),
  inputs: e({ method: 'GET', path: '/api/nirf/inputs', query: ZQualityYearQuery, response: ZQualityFields }),
  saveInputs: e({ method: 'PUT', path: '/api/nirf/inputs', body: ZQualityFieldsSave, response: ZQualityFields }),
};
