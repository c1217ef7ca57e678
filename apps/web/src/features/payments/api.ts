import { paymentEndpoints as pay, type TGatewayFields, type TTransactionsQuery } from '@erp/shared';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export const useFeesDue = () => useEndpointQuery(pay.feesDue);

/** Opens a payment order for a fee due; the page then goes to the gateway. The dues refresh (a pending order shows). */
export const useCreateOrder = () =>
  useEndpointMutation(
    // lineIds: the semester fee's chosen ledger lines; left out, all of them. key: which Pay button was pressed.
    ({
      feeType,
      courseCode,
      lineIds,
    }: {
      feeType: 'semester' | 'supply';
      courseCode?: string;
      lineIds?: number[];
      key?: string;
    }) => callEndpoint(pay.createOrder, { body: { feeType, courseCode, lineIds } }),
    { invalidates: [pay.feesDue] },
  );

export type TransactionFilters = Partial<Omit<TTransactionsQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };

export const useTransactions = (filters: TransactionFilters) =>
  useEndpointQuery(pay.transactions, { query: filters }, { placeholderData: (prev) => prev });

export const usePaymentsSummary = () => useEndpointQuery(pay.summary);

/** Downloads a receipt PDF with the bearer token (a plain link would not carry it). */
export async function downloadReceipt(receiptNo: number) {
  const blob = await fetchEndpointFile(pay.receiptPdf, { params: { receiptNo } });
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
  callEndpoint(pay.paymentRecord, { query: { rollNo, orderId } });

export const reportTransactionStatus = (query: Record<string, string>) => callEndpoint(pay.transactionStatus, { query });

// The result flow forwards the stored record with the gateway's fields, all flat values; the server checks them.
export const saveFeePayment = (body: Record<string, unknown>) => callEndpoint(pay.saveFee, { body: body as TGatewayFields });

export const saveSuppleFeePayment = (body: Record<string, unknown>) =>
  callEndpoint(pay.saveSupplyFee, { body: body as TGatewayFields });
