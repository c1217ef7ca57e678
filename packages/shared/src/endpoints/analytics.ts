import {
  ZAnalyticsAdmissions,
  ZAnalyticsAttendance,
  ZAnalyticsFees,
  ZAnalyticsOverview,
  ZAnalyticsRange,
  ZAnalyticsResults,
  ZAnalyticsYear,
} from '../analytics-schemas.js';
import { defineEndpoint as e } from './define.js';

/** What leadership decides from: figures read from each office's own records. */
export const analyticsEndpoints = {
  overview: e({ method: 'GET', path: '/api/analytics/overview', response: ZAnalyticsOverview }),
  fees: e({ method: 'GET', path: '/api/analytics/fees', query: ZAnalyticsRange, response: ZAnalyticsFees }),
  admissions: e({ method: 'GET', path: '/api/analytics/admissions', query: ZAnalyticsYear, response: ZAnalyticsAdmissions }),
  results: e({ method: 'GET', path: '/api/analytics/results', query: ZAnalyticsYear, response: ZAnalyticsResults }),
  attendance: e({ method: 'GET', path: '/api/analytics/attendance', query: ZAnalyticsRange, response: ZAnalyticsAttendance }),
};
