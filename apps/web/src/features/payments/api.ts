import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreatedOrder,
  TFeesOverview,
  TMessage,
  TPaymentRecord,
  TPaymentsSummary,
  TTransactionsPage,
  TTransactionsQuery,
} from '@erp/shared';
import { api, apiRequest } from '../../lib/api-client';

export const useFeesDue = () =>
  useQuery({ queryKey: ['payments', 'fees-due'], queryFn: () => api.get<TFeesOverview>('rest', 'payments/fees-due') });

/** Opens a payment order for a fee due; the page then goes to the gateway. The dues refresh (a pending order shows). */
export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    // lineIds: the semester fee's chosen ledger lines; left out, all of them.
    mutationFn: ({ feeType, courseCode, lineIds }: { feeType: string; courseCode?: string; lineIds?: number[]; key?: string }) =>
      api.post<TCreatedOrder>('rest', 'payments/orders', { feeType, courseCode, lineIds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['payments', 'fees-due'] }),
  });
}

export type TransactionFilters = Partial<Omit<TTransactionsQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };

export const useTransactions = (filters: TransactionFilters) =>
  useQuery({
    queryKey: ['payments', 'transactions', filters],
    queryFn: () => api.get<TTransactionsPage>('rest', 'payments/transactions', filters),
    placeholderData: (prev) => prev,
  });

export const usePaymentsSummary = () =>
  useQuery({ queryKey: ['payments', 'summary'], queryFn: () => api.get<TPaymentsSummary>('rest', 'payments/summary') });

/** Downloads a receipt PDF with the bearer token (a plain link would not carry it). */
export async function downloadReceipt(receiptNo: number) {
  const blob = await apiRequest<Blob>('rest', `payments/receipts/${receiptNo}`, { as: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `receipt-${receiptNo}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// The result screen's legacy calls (spec section 7, "Payment calls").
export const fetchPaymentRecord = (rollNo: string, orderId: string) =>
  api.get<TPaymentRecord>('v1', 'getStudentsFeePaymentDetails', { rollNo, orderId });

export const reportTransactionStatus = (query: Record<string, string>) =>
  api.get<TMessage>('v1', 'getStudentPaidFeeTransationStatus', query);

export const saveFeePayment = (body: Record<string, unknown>) => api.post<TMessage>('v1', 'saveFeePaymentDetails', body);

export const saveSuppleFeePayment = (body: Record<string, unknown>) => api.post<TMessage>('v1', 'saveSuppleFeePayment', body);
