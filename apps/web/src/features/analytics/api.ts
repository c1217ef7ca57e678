import { keepPreviousData } from '@tanstack/react-query';
import { analyticsEndpoints as analytics, type TAnalyticsRange } from '@erp/shared';
import { downloadFile } from '../../lib/download';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useOverview = () => useEndpointQuery(analytics.overview);
export const useMoney = (range: TAnalyticsRange) =>
  useEndpointQuery(analytics.fees, { query: range }, { placeholderData: keepPreviousData });
export const useAdmissionFigures = (year: string) =>
  useEndpointQuery(analytics.admissions, { query: { year } }, { placeholderData: keepPreviousData });
export const useResultFigures = (year: string) =>
  useEndpointQuery(analytics.results, { query: { year } }, { placeholderData: keepPreviousData });
export const useAttendanceFigures = (range: TAnalyticsRange) =>
  useEndpointQuery(analytics.attendance, { query: range }, { placeholderData: keepPreviousData });
export const usePlacementFigures = (year: string) =>
  useEndpointQuery(analytics.placements, { query: { year } }, { placeholderData: keepPreviousData });
export const useOfficeFigures = () => useEndpointQuery(analytics.offices);
export const useWeeklySummary = () => useEndpointQuery(analytics.weeklySummary);
export const useSaveWeeklySummary = () =>
  useEndpointMutation((enabled: boolean) => callEndpoint(analytics.saveWeeklySummary, { body: { enabled } }), {
    invalidates: [analytics.weeklySummary],
  });
/** The PDF Monday's mail describes, fetched with the session and saved. */
export const downloadWeeklySummary = () => downloadFile('rest', analytics.weeklySummaryPdf.path.replace(/^\/api/, ''), 'weekly-summary.pdf');
