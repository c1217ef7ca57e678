import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TExpense,
  TExpenseInput,
  TExpensePage,
  TExpenseQuery,
  TMonthlyReport,
  TPass,
  TPassCancelled,
  TPassHolder,
  TPassInput,
  TPassPage,
  TPassQuery,
  TRoute,
  TRouteInput,
  TTransportDashboard,
  TVehicle,
  TVehicleInput,
  TWaitlistEntry,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

const KEY = ['transport'] as const;

export const useTransportDashboard = () =>
  useQuery({ queryKey: [...KEY, 'dashboard'], queryFn: () => api.get<TTransportDashboard>('rest', 'transport/dashboard') });
export const useVehicles = () =>
  useQuery({ queryKey: [...KEY, 'vehicles'], queryFn: () => api.get<TVehicle[]>('rest', 'transport/vehicles') });
export const useRoutes = () =>
  useQuery({ queryKey: [...KEY, 'routes'], queryFn: () => api.get<TRoute[]>('rest', 'transport/routes') });

export const usePasses = (q: Partial<TPassQuery>) =>
  useQuery({
    queryKey: [...KEY, 'passes', q],
    queryFn: () => api.get<TPassPage>('rest', 'transport/passes', q),
    placeholderData: keepPreviousData,
  });
export const useMyPasses = () =>
  useQuery({ queryKey: [...KEY, 'mine'], queryFn: () => api.get<TPass[]>('rest', 'transport/passes/mine') });

export const useHolders = (holderType: 'student' | 'staff', q: string) =>
  useQuery({
    queryKey: [...KEY, 'holders', holderType, q],
    queryFn: () => api.get<TPassHolder[]>('rest', 'transport/holders', { holderType, q }),
    enabled: q.trim().length >= 2,
  });

export const useExpenses = (q: Partial<TExpenseQuery>) =>
  useQuery({
    queryKey: [...KEY, 'expenses', q],
    queryFn: () => api.get<TExpensePage>('rest', 'transport/expenses', q),
    placeholderData: keepPreviousData,
  });

export const useMonthlyReport = (month: string) =>
  useQuery({
    queryKey: [...KEY, 'report', month],
    queryFn: () => api.get<TMonthlyReport>('rest', 'transport/reports/monthly', { month }),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });

/** Every transport write refreshes the transport lists and counts. */
function useTransportMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useSaveVehicle = () =>
  useTransportMutation(({ id, body }: { id: number | null; body: TVehicleInput }) =>
    id
      ? apiRequest<TVehicle>('rest', `transport/vehicles/${id}`, { method: 'PUT', body })
      : api.post<TVehicle>('rest', 'transport/vehicles', body),
  );
export const useRetireVehicle = () =>
  useTransportMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post<TVehicle>('rest', `transport/vehicles/${id}/retire`, { reason }),
  );
export const useSaveRoute = () =>
  useTransportMutation(({ id, body }: { id: number | null; body: TRouteInput }) =>
    id
      ? apiRequest<TRoute>('rest', `transport/routes/${id}`, { method: 'PUT', body })
      : api.post<TRoute>('rest', 'transport/routes', body),
  );
export const useIssuePass = () => useTransportMutation((body: TPassInput) => api.post<TPass>('rest', 'transport/passes', body));
export const useCancelPass = () =>
  useTransportMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post<TPassCancelled>('rest', `transport/passes/${id}/cancel`, { reason }),
  );

/** The open waiting lists of full routes (waiting, or offered a freed seat). */
export const useWaitlist = () =>
  useQuery({ queryKey: [...KEY, 'waitlist'], queryFn: () => api.get<TWaitlistEntry[]>('rest', 'transport/waitlist') });
export const useJoinWaitlist = () =>
  useTransportMutation((body: TPassInput) => api.post<TWaitlistEntry>('rest', 'transport/waitlist', body));
export const useConfirmOffer = () =>
  useTransportMutation((id: number) => api.post<TPass>('rest', `transport/waitlist/${id}/confirm`, {}));
export const useWithdrawEntry = () =>
  useTransportMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post<TWaitlistEntry>('rest', `transport/waitlist/${id}/withdraw`, { reason }),
  );
export const useAddExpense = () =>
  useTransportMutation((body: TExpenseInput) => api.post<TExpense>('rest', 'transport/expenses', body));

async function download(path: string, name: string, query?: Record<string, string>) {
  const blob = await apiRequest<Blob>('rest', path, { as: 'blob', query });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads with the bearer token (a plain link would not carry it). */
export const downloadPassPdf = (p: TPass) =>
  download(`transport/passes/${p.id}/pdf`, `bus-pass-${p.passNo.replace(/\//g, '-')}.pdf`);
export const downloadMonthlyWorkbook = (month: string) =>
  download('transport/reports/monthly.xlsx', `transport-${month}.xlsx`, { month });
