import { ZAppConfig, ZContactData, ZDashboardSummary, ZLogoData } from '../college-schemas.js';
import { defineEndpoint as e } from './define.js';

/**
 * What every page's header needs and the dashboards' counts. The logo and contact calls are the
 * legacy contract's, registered by hand in college.routes.ts with these same schemas.
 */
export const collegeEndpoints = {
  config: e({ method: 'GET', path: '/api/config', response: ZAppConfig }),
  dashboardSummary: e({ method: 'GET', path: '/api/dashboard/summary', response: ZDashboardSummary }),

  logo: e({ method: 'GET', path: '/api/v1/getLogoDataForHeaders', response: ZLogoData }),
  contact: e({ method: 'GET', path: '/api/v1/getContactData', response: ZContactData }),
};
