import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccountsReport,
  TAccountsSettings,
  TCollectionReport,
  TAccountsSummary,
  TBill,
  TBillInput,
  TBillPayment,
  TBillPaymentInput,
  TCollect,
  TConcession,
  TConcessionInput,
  TConcessionType,
  TDayBook,
  TDecision,
  TDemandResult,
  TDuesPage,
  TDuesQuery,
  TFeeHead,
  TFeeHeadInput,
  TFeeStructure,
  TFeeStructureInput,
  TRaiseDemand,
  TReceipt,
  TStudentHit,
  TStudentLedger,
  TTransactionPage,
  TVendor,
  TVendorInput,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

const A = 'accounts';
const K = ['accounts'] as const;

export const useSummary = () =>
  useQuery({ queryKey: [...K, 'summary'], queryFn: () => api.get<TAccountsSummary>('rest', `${A}/summary`) });

export const useStudentSearch = (q: string) =>
  useQuery({
    queryKey: [...K, 'students', q],
    queryFn: () => api.get<TStudentHit[]>('rest', `${A}/students`, { q }),
    enabled: q.trim().length >= 2,
  });

export const useLedger = (rollNo: string | null) =>
  useQuery({
    queryKey: [...K, 'ledger', rollNo],
    queryFn: () => api.get<TStudentLedger>('rest', `${A}/students/${encodeURIComponent(rollNo!)}/ledger`),
    enabled: !!rollNo,
  });

function useInvalidating<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: K }) });
}

export const useCollect = () => useInvalidating((body: TCollect) => api.post<TReceipt>('rest', `${A}/receipts`, body));
export const useCancelReceipt = () =>
  useInvalidating(({ id, reason }: { id: number; reason: string }) =>
    api.post<TReceipt>('rest', `${A}/receipts/${id}/cancel`, { reason }),
  );

export const useConcessionTypes = () =>
  useQuery({ queryKey: [...K, 'concession-types'], queryFn: () => api.get<TConcessionType[]>('rest', `${A}/concession-types`) });
export const useConcessions = (status: string) =>
  useQuery({
    queryKey: [...K, 'concessions', status],
    queryFn: () => api.get<TConcession[]>('rest', `${A}/concessions`, { status: status || undefined }),
  });
export const useProposeConcession = () =>
  useInvalidating((body: TConcessionInput) => api.post<TConcession>('rest', `${A}/concessions`, body));
export const useDecideConcession = () =>
  useInvalidating(({ id, ...body }: TDecision & { id: number }) =>
    api.post<TConcession>('rest', `${A}/concessions/${id}/decision`, body),
  );

export const useHeads = () =>
  useQuery({ queryKey: [...K, 'heads'], queryFn: () => api.get<TFeeHead[]>('rest', `${A}/fee-heads`) });
export const useAddHead = () => useInvalidating((body: TFeeHeadInput) => api.post<TFeeHead>('rest', `${A}/fee-heads`, body));
export const useStructures = () =>
  useQuery({ queryKey: [...K, 'structures'], queryFn: () => api.get<TFeeStructure[]>('rest', `${A}/fee-structures`) });
export const useAddStructure = () =>
  useInvalidating((body: TFeeStructureInput) => api.post<TFeeStructure>('rest', `${A}/fee-structures`, body));
export const useUpdateStructure = () =>
  useInvalidating(({ id, body }: { id: number; body: TFeeStructureInput }) =>
    apiRequest<TFeeStructure>('rest', `${A}/fee-structures/${id}`, { method: 'PUT', body }),
  );
export const useMyLedger = () =>
  useQuery({ queryKey: [...K, 'me'], queryFn: () => api.get<TStudentLedger>('rest', `${A}/me/ledger`) });
export const useRaiseDemand = () =>
  useInvalidating((body: TRaiseDemand) => api.post<TDemandResult>('rest', `${A}/demands`, body));

export const useVendors = () =>
  useQuery({ queryKey: [...K, 'vendors'], queryFn: () => api.get<TVendor[]>('rest', `${A}/vendors`) });
export const useAddVendor = () => useInvalidating((body: TVendorInput) => api.post<TVendor>('rest', `${A}/vendors`, body));
export const useBills = (status: string) =>
  useQuery({
    queryKey: [...K, 'bills', status],
    queryFn: () => api.get<TBill[]>('rest', `${A}/bills`, { status: status || undefined }),
  });
const attachInvoice = (id: number, invoice: File) => {
  const form = new FormData();
  form.append('invoice', invoice);
  return api.post<TBill>('rest', `${A}/bills/${id}/invoice`, form);
};
/**
 * Enters a bill, then attaches the vendor's invoice. A refused invoice leaves the bill entered
 * (the message says so) to be attached again from the list; the list refreshes either way.
 */
export const useAddBill = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ invoice, ...body }: TBillInput & { invoice: File | null }) => {
      const bill = await api.post<TBill>('rest', `${A}/bills`, body);
      if (!invoice) return bill;
      try {
        return await attachInvoice(bill.id, invoice);
      } catch (e) {
        throw new Error(`Bill ${bill.billNo} is entered, but its invoice was not attached: ${(e as Error).message}`);
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: K }),
  });
};
export const useAttachInvoice = () => useInvalidating(({ id, invoice }: { id: number; invoice: File }) => attachInvoice(id, invoice));
export const useDecideBill = () =>
  useInvalidating(({ id, ...body }: TDecision & { id: number }) => api.post<TBill>('rest', `${A}/bills/${id}/decision`, body));
export const usePayBill = () =>
  useInvalidating(({ id, ...body }: TBillPaymentInput & { id: number }) =>
    api.post<TBillPayment>('rest', `${A}/bills/${id}/payments`, body),
  );

export const useTransactions = (q: Record<string, string | number | undefined>) =>
  useQuery({
    queryKey: [...K, 'transactions', q],
    queryFn: () => api.get<TTransactionPage>('rest', `${A}/transactions`, q),
    placeholderData: (prev) => prev,
  });
export const useDayBook = (date: string, book: 'day' | 'cash') =>
  useQuery({
    queryKey: [...K, 'daybook', date, book],
    queryFn: () => api.get<TDayBook>('rest', `${A}/daybook`, { date, book }),
    enabled: !!date,
  });
export const useDues = (q: TDuesQuery) =>
  useQuery({
    queryKey: [...K, 'dues', q],
    queryFn: () => api.get<TDuesPage>('rest', `${A}/dues`, q as Record<string, string>),
    placeholderData: (prev) => prev,
  });
export type Receivable = {
  lineId: number;
  rollNo: string;
  studentName: string;
  fy: string;
  headName: string;
  payer: string;
  sanctionStatus: string;
  amountPaise: number;
  receivedPaise: number;
};
export const useReceivables = (status: string) =>
  useQuery({
    queryKey: [...K, 'receivables', status],
    queryFn: () => api.get<Receivable[]>('rest', `${A}/receivables`, { status: status || undefined }),
  });
export const useUpdateReceivable = () =>
  useInvalidating(({ lineId, ...body }: { lineId: number; status: 'sanctioned' | 'received'; reference: string }) =>
    api.post<{ receiptId: number | null }>('rest', `${A}/receivables/${lineId}`, body),
  );
export const useSaveSettings = () =>
  useInvalidating((body: TAccountsSettings) => apiRequest<TAccountsSettings>('rest', `${A}/settings`, { method: 'PUT', body }));
export const useCollections = (from: string, to: string) =>
  useQuery({
    queryKey: [...K, 'collections', from, to],
    queryFn: () => api.get<TCollectionReport>('rest', `${A}/collections`, { from, to }),
    enabled: !!from && !!to && from <= to,
  });
export const useAnnualReport = (fy: string) =>
  useQuery({
    queryKey: [...K, 'annual', fy],
    queryFn: () => api.get<TAccountsReport>('rest', `${A}/reports/annual`, { fy }),
    enabled: /^\d{4}-\d{2}$/.test(fy),
  });

export const useSettings = () =>
  useQuery({ queryKey: [...K, 'settings'], queryFn: () => api.get<TAccountsSettings>('rest', `${A}/settings`) });

/** Fetches a file with the bearer token and opens (PDF) or saves it (a plain link would not carry the token). */
export async function openFile(path: string, fileName: string, query?: Record<string, string | undefined>, download = false) {
  const blob = await apiRequest<Blob>('rest', path.replace(/^\/api\//, ''), { as: 'blob', query });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  if (download || !blob.type.includes('pdf')) a.download = fileName;
  else a.target = '_blank';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
