import {
  ZAnalyticsAdmissions,
  ZAnalyticsAttendance,
  ZAnalyticsFees,
  ZAnalyticsOffices,
  ZAnalyticsOverview,
  ZAnalyticsPlacements,
  ZAnalyticsRange,
  ZAnalyticsResults,
  ZAnalyticsYear,
  ZWeeklySummarySetting,
} from '../analytics-schemas.js';
import { z } from 'zod';
import { defineEndpoint as e } from './define.js';

const PDF = z.any().describe('application/pdf');

/** What leadership decides from: figures read from each office's own records. */
export const analyticsEndpoints = {
  overview: e({ method: 'GET', path: '/api/analytics/overview', response: ZAnalyticsOverview }),
  fees: e({ method: 'GET', path: '/api/analytics/fees', query: ZAnalyticsRange, response: ZAnalyticsFees }),
  admissions: e({ method: 'GET', path: '/api/analytics/admissions', query: ZAnalyticsYear, response: ZAnalyticsAdmissions }),
  results: e({ method: 'GET', path: '/api/analytics/results', query: ZAnalyticsYear, response: ZAnalyticsResults }),
  attendance: e({ method: 'GET', path: '/api/analytics/attendance', query: ZAnalyticsRange, response: ZAnalyticsAttendance }),
  placements: e({ method: 'GET', path: '/api/analytics/placements', query: ZAnalyticsYear, response: ZAnalyticsPlacements }),
  offices: e({ method: 'GET', path: '/api/analytics/offices', response: ZAnalyticsOffices }),
  weeklySummary: e({ method: 'GET', path: '/api/analytics/weekly-summary', response: ZWeeklySummarySetting }),
  saveWeeklySummary: e({ method: 'PUT', path: '/api/analytics/weekly-summary', body: ZWeeklySummarySetting, response: ZWeeklySummarySetting }),
  weeklySummaryPdf: e({ method: 'GET', path: '/api/analytics/weekly-summary.pdf', response: PDF }),
};
