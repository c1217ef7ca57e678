import { keepPreviousData } from '@tanstack/react-query';
import {
  accountsEndpoints as accounts,
  type EndpointDefinition,
  type EndpointQuery,
  type EndpointResponse,
  type TAccountsSettings,
  type TBillInput,
  type TBillPaymentInput,
  type TCollect,
  type TConcessionInput,
  type TDecision,
  type TDuesQuery,
  type TFeeHeadInput,
  type TFeeStructureInput,
  type TRaiseDemand,
  type TRefundInput,
  type TRefundPay,
  type TVendorInput,
} from '@erp/shared';
import { apiRequest } from '../../lib/api-client';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every accounts write refreshes every accounts query: the ledger, the day book and the reports move together. */
const ACCOUNTS = { invalidates: [['accounts']] };
/** A status filter as the screens hold it ('' for all); the server checks the value. */
const byStatus = <E extends EndpointDefinition>(_endpoint: E, s: string) => (s ? { status: s } : {}) as EndpointQuery<E>;

export const useSummary = () => useEndpointQuery(accounts.summary);

export const useStudentSearch = (q: string) =>
  useEndpointQuery(accounts.students, { query: { q } }, { enabled: q.trim().length >= 2 });

export const useLedger = (rollNo: string | null) =>
  useEndpointQuery(accounts.ledger, { params: { rollNo: rollNo! } }, { enabled: !!rollNo });

export const useCollect = () => useEndpointMutation((body: TCollect) => callEndpoint(accounts.collect, { body }), ACCOUNTS);
export const useExcessCredits = (status: string, rollNo: string) =>
  useEndpointQuery(accounts.excessCredits, {
    query: { ...byStatus(accounts.excessCredits, status), ...(rollNo ? { rollNo } : {}) },
  });
export const useAdjustExcess = () =>
  useEndpointMutation((id: number) => callEndpoint(accounts.adjustExcess, { params: { id } }), ACCOUNTS);

export const useRefunds = (q: EndpointQuery<typeof accounts.refunds>) =>
  useEndpointQuery(accounts.refunds, { query: q }, { placeholderData: keepPreviousData });
export const useProposeRefund = () =>
  useEndpointMutation((body: TRefundInput) => callEndpoint(accounts.proposeRefund, { body }), ACCOUNTS);
export const useDecideRefund = () =>
  useEndpointMutation(
    ({ id, ...body }: TDecision & { id: number }) => callEndpoint(accounts.decideRefund, { params: { id }, body }),
    ACCOUNTS,
  );
export const usePayRefund = () =>
  useEndpointMutation(
    ({ id, ...body }: TRefundPay & { id: number }) => callEndpoint(accounts.payRefund, { params: { id }, body }),
    ACCOUNTS,
  );

export const useCancelReceipt = () =>
  useEndpointMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(accounts.cancelReceipt, { params: { id }, body: { reason } }),
    ACCOUNTS,
  );

export const useConcessionTypes = () => useEndpointQuery(accounts.concessionTypes);
export const useConcessions = (s: string) => useEndpointQuery(accounts.concessions, { query: byStatus(accounts.concessions, s) });
export const useProposeConcession = () =>
  useEndpointMutation((body: TConcessionInput) => callEndpoint(accounts.proposeConcession, { body }), ACCOUNTS);
export const useDecideConcession = () =>
  useEndpointMutation(
    ({ id, ...body }: TDecision & { id: number }) => callEndpoint(accounts.decideConcession, { params: { id }, body }),
    ACCOUNTS,
  );

export const useHeads = () => useEndpointQuery(accounts.heads);
export const useAddHead = () => useEndpointMutation((body: TFeeHeadInput) => callEndpoint(accounts.addHead, { body }), ACCOUNTS);
export const useStructures = () => useEndpointQuery(accounts.structures);
export const useAddStructure = () =>
  useEndpointMutation((body: TFeeStructureInput) => callEndpoint(accounts.addStructure, { body }), ACCOUNTS);
export const useUpdateStructure = () =>
  useEndpointMutation(
    ({ id, body }: { id: number; body: TFeeStructureInput }) => callEndpoint(accounts.updateStructure, { params: { id }, body }),
    ACCOUNTS,
  );
export const useMyLedger = () => useEndpointQuery(accounts.myLedger);
export const useRaiseDemand = () =>
  useEndpointMutation((body: TRaiseDemand) => callEndpoint(accounts.raiseDemand, { body }), ACCOUNTS);

export const useVendors = () => useEndpointQuery(accounts.vendors);
export const useAddVendor = () =>
  useEndpointMutation((body: TVendorInput) => callEndpoint(accounts.addVendor, { body }), ACCOUNTS);
export const useBills = (s: string) => useEndpointQuery(accounts.bills, { query: byStatus(accounts.bills, s) });
const attachInvoice = (id: number, invoice: File) => {
  const form = new FormData();
  form.append('invoice', invoice);
  return callEndpoint(accounts.attachInvoice, { params: { id }, body: form });
};
/**
 * Enters a bill, then attaches the vendor's invoice. A refused invoice leaves the bill entered
 * (the message says so) to be attached again from the list; the list refreshes either way.
 */
export const useAddBill = () =>
  useEndpointMutation(
    async ({ invoice, ...body }: TBillInput & { invoice: File | null }) => {
      const bill = await callEndpoint(accounts.addBill, { body });
      if (!invoice) return bill;
      try {
        return await attachInvoice(bill.id, invoice);
      } catch (e) {
        throw new Error(`Bill ${bill.billNo} is entered, but its invoice was not attached: ${(e as Error).message}`);
      }
    },
    { ...ACCOUNTS, invalidateOnError: true },
  );
export const useAttachInvoice = () =>
  useEndpointMutation(({ id, invoice }: { id: number; invoice: File }) => attachInvoice(id, invoice), ACCOUNTS);
export const useDecideBill = () =>
  useEndpointMutation(
    ({ id, ...body }: TDecision & { id: number }) => callEndpoint(accounts.decideBill, { params: { id }, body }),
    ACCOUNTS,
  );
export const usePayBill = () =>
  useEndpointMutation(
    ({ id, ...body }: TBillPaymentInput & { id: number }) => callEndpoint(accounts.payBill, { params: { id }, body }),
    ACCOUNTS,
  );

/** The transactions' filters as the screen holds them (text); the server checks them. */
export const useTransactions = (q: Record<string, string | number | undefined>) =>
  useEndpointQuery(
    accounts.transactions,
    { query: q as EndpointQuery<typeof accounts.transactions> },
    { placeholderData: (prev) => prev },
  );
export const useDayBook = (date: string, book: 'day' | 'cash') =>
  useEndpointQuery(accounts.dayBook, { query: { date, book } }, { enabled: !!date });
export const useDues = (q: TDuesQuery) =>
  useEndpointQuery(accounts.dues, { query: q as EndpointQuery<typeof accounts.dues> }, { placeholderData: (prev) => prev });
export type Receivable = EndpointResponse<typeof accounts.receivables>['items'][number];
export const useReceivables = (s: string) => useEndpointQuery(accounts.receivables, { query: byStatus(accounts.receivables, s) });
export const useUpdateReceivable = () =>
  useEndpointMutation(
    ({ lineId, ...body }: { lineId: number; status: 'sanctioned' | 'received'; reference: string }) =>
      callEndpoint(accounts.updateReceivable, { params: { id: lineId }, body }),
    ACCOUNTS,
  );
export const useSaveSettings = () =>
  useEndpointMutation((body: TAccountsSettings) => callEndpoint(accounts.saveSettings, { body }), ACCOUNTS);
export const useCollections = (from: string, to: string) =>
  useEndpointQuery(accounts.collections, { query: { from, to } }, { enabled: !!from && !!to && from <= to });
export const useAnnualReport = (fy: string) =>
  useEndpointQuery(accounts.annualReport, { query: { fy } }, { enabled: /^\d{4}-\d{2}$/.test(fy) });

export const useSettings = () => useEndpointQuery(accounts.settings);

/**
 * Fetches a file with the session and opens (PDF) or saves it (a plain link would not carry the
 * session). Takes the file's address as the answers give it (`pdfUrl`, `invoiceUrl`).
 */
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
