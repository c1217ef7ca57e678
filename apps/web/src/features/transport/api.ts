import { keepPreviousData } from '@tanstack/react-query';
import {
  transportEndpoints as transport,
  type TExpenseInput,
  type TExpenseQuery,
  type TPass,
  type TPassCancel,
  type TPassInput,
  type TPassQuery,
  type TRouteInput,
  type TVehicleInput,
} from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every transport write refreshes the transport lists and counts. */
const TRANSPORT = [['transport']];

export const useTransportDashboard = () => useEndpointQuery(transport.dashboard);
export const useVehicles = () => useEndpointQuery(transport.vehicles);
export const useRoutes = () => useEndpointQuery(transport.routes);

export const usePasses = (q: Partial<TPassQuery>) =>
  useEndpointQuery(transport.passes, { query: q }, { placeholderData: keepPreviousData });
export const useMyPasses = () => useEndpointQuery(transport.myPasses);

export const useHolders = (holderType: 'student' | 'staff', q: string) =>
  useEndpointQuery(transport.holders, { query: { holderType, q } }, { enabled: q.trim().length >= 2 });

export const useExpenses = (q: Partial<TExpenseQuery>) =>
  useEndpointQuery(transport.expenses, { query: q }, { placeholderData: keepPreviousData });

export const useMonthlyReport = (month: string) =>
  useEndpointQuery(transport.monthlyReport, { query: { month } }, { enabled: /^\d{4}-\d{2}$/.test(month) });

export const useSaveVehicle = () =>
  useEndpointMutation(
    ({ id, body }: { id: number | null; body: TVehicleInput }) =>
      id ? callEndpoint(transport.updateVehicle, { params: { id }, body }) : callEndpoint(transport.createVehicle, { body }),
    { invalidates: TRANSPORT },
  );
export const useRetireVehicle = () =>
  useEndpointMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(transport.retireVehicle, { params: { id }, body: { reason } }),
    { invalidates: TRANSPORT },
  );
export const useSaveRoute = () =>
  useEndpointMutation(
    ({ id, body }: { id: number | null; body: TRouteInput }) =>
      id ? callEndpoint(transport.updateRoute, { params: { id }, body }) : callEndpoint(transport.createRoute, { body }),
    { invalidates: TRANSPORT },
  );
export const useIssuePass = () =>
  useEndpointMutation((body: TPassInput) => callEndpoint(transport.issuePass, { body }), { invalidates: TRANSPORT });
export const useCancelPass = () =>
  useEndpointMutation(
    ({ id, body }: { id: number; body: TPassCancel }) => callEndpoint(transport.cancelPass, { params: { id }, body }),
    { invalidates: TRANSPORT },
  );

/** The open waiting lists of full routes (waiting, or offered a freed seat). */
export const useWaitlist = () => useEndpointQuery(transport.waitlist);
export const useJoinWaitlist = () =>
  useEndpointMutation((body: TPassInput) => callEndpoint(transport.joinWaitlist, { body }), { invalidates: TRANSPORT });
export const useConfirmOffer = () =>
  useEndpointMutation((id: number) => callEndpoint(transport.confirmOffer, { params: { id } }), { invalidates: TRANSPORT });
export const useWithdrawEntry = () =>
  useEndpointMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(transport.withdrawEntry, { params: { id }, body: { reason } }),
    { invalidates: TRANSPORT },
  );
export const useAddExpense = () =>
  useEndpointMutation((body: TExpenseInput) => callEndpoint(transport.addExpense, { body }), { invalidates: TRANSPORT });

/** Downloads with the session (a plain link would not carry it). */
export const downloadPassPdf = async (p: TPass) =>
  saveBlob(await fetchEndpointFile(transport.passPdf, { params: { id: p.id } }), `bus-pass-${p.passNo.replace(/\//g, '-')}.pdf`);
export const downloadMonthlyWorkbook = async (month: string) =>
  saveBlob(await fetchEndpointFile(transport.monthlyWorkbook, { query: { month } }), `transport-${month}.xlsx`);
