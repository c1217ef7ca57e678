import { ZAnalyticsFees, ZAnalyticsOverview, ZAnalyticsRange } from '../analytics-schemas.js';
import { defineEndpoint as e } from './define.js';

/** What leadership decides from: figures read from each office's own records. */
export const analyticsEndpoints = {
  overview: e({ method: 'GET', path: '/api/analytics/overview', response: ZAnalyticsOverview }),
  fees: e({ method: 'GET', path: '/api/analytics/fees', query: ZAnalyticsRange, response: ZAnalyticsFees }),
};
