import { keepPreviousData } from '@tanstack/react-query';
import { analyticsEndpoints as analytics, type TAnalyticsRange } from '@erp/shared';
import { useEndpointQuery } from '../../lib/endpoints';

export const useOverview = () => useEndpointQuery(analytics.overview);
export const useMoney = (range: TAnalyticsRange) =>
  useEndpointQuery(analytics.fees, { query: range }, { placeholderData: keepPreviousData });
