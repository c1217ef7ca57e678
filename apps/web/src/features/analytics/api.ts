import { keepPreviousData } from '@tanstack/react-query';
import { analyticsEndpoints as analytics, type TAnalyticsRange } from '@erp/shared';
import { useEndpointQuery } from '../../lib/endpoints';

export const useOverview = () => useEndpointQuery(analytics.overview);
export const useMoney = (range: TAnalyticsRange) =>
  useEndpointQuery(analytics.fees, { query: range }, { placeholderData: keepPreviousData });
export const useAdmissionFigures = (year: string) =>
  useEndpointQuery(analytics.admissions, { query: { year } }, { placeholderData: keepPreviousData });
export const useResultFigures = (year: string) =>
  useEndpointQuery(analytics.results, { query: { year } }, { placeholderData: keepPreviousData });
export const useAttendanceFigures = (range: TAnalyticsRange) =>
  useEndpointQuery(analytics.attendance, { query: range }, { placeholderData: keepPreviousData });
