import {
  ZAppConfig,
  ZCipherQuery,
  ZCipherResult,
  ZCollegeCode,
  ZContactData,
  ZDashboardSummary,
  ZLogoData,
} from '../college-schemas.js';
import { defineEndpoint as e } from './define.js';

/**
 * What every page's header needs, the dashboards' counts and the portal cipher. The /api/v1 calls
 * are the legacy contract's, registered in college.routes.ts with these same schemas.
 */
export const collegeEndpoints = {
  config: e({ method: 'GET', path: '/api/config', response: ZAppConfig }),
  dashboardSummary: e({ method: 'GET', path: '/api/dashboard/summary', response: ZDashboardSummary }),

  logo: e({ method: 'GET', path: '/api/v1/getLogoDataForHeaders', response: ZLogoData }),
  contact: e({ method: 'GET', path: '/api/v1/getContactData', response: ZContactData }),
  /** text: the college code */
  collegeCode: e({ method: 'GET', path: '/api/v1/getCollegeName', response: ZCollegeCode }),
  /** text: the encrypted or decrypted value (errors in text too) */
  cipher: e({ method: 'GET', path: '/api/v1/getDecryptedValue', query: ZCipherQuery, response: ZCipherResult }),
};
