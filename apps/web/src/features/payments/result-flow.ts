import { MSG, PAYMENT_DATA_KEY, isPaidStatus, type TPaymentRecord } from '@erp/shared';

/** What the result screen reads from its address (spec section 3, "Payment result query fields"). */
export interface PaymentResult {
  status: string;
  paid: boolean;
  statusProgress: 'Success' | 'Failure';
  date: string;
  amount: string;
  currency: string;
  rollNo: string;
  email: string;
  transactionId: string;
  orderId: string;
  feeType: string;
  /** every vads_ field and the signature, forwarded so the server can verify them */
  signed: Record<string, string>;
}

export function readResult(params: URLSearchParams): PaymentResult {
  const get = (k: string) => params.get(k) ?? '';
  const status = get('vads_charge_status');
  const paid = isPaidStatus(status);
  const signed: Record<string, string> = {};
  for (const [k, v] of params) if ((k.startsWith('vads_') || k === 'signature') && !(k in signed)) signed[k] = v;
  return {
    status,
    paid,
    statusProgress: paid ? 'Success' : 'Failure',
    date: get('vads_trans_date'),
    amount: get('vads_amount'),
    currency: get('vads_currency'),
    rollNo: get('vads_cust_name'),
    email: get('vads_cust_email'),
    transactionId: get('vads_charge_uuid') || get('vads_trans_uuid'),
    orderId: get('orderId') || get('vads_order_id'),
    feeType: get('feeType'),
    signed,
  };
}

export interface ResultFlowDeps {
  fetchRecord: (rollNo: string, orderId: string) => Promise<TPaymentRecord>;
  reportStatus: (query: Record<string, string>) => Promise<unknown>;
  saveFee: (body: Record<string, unknown>) => Promise<unknown>;
  saveSupple: (body: Record<string, unknown>) => Promise<unknown>;
  onSuppleSaved: (message: string) => void;
  storage: Pick<Storage, 'removeItem'>;
  log: Pick<Console, 'warn' | 'error' | 'info'>;
}

/**
 * Spec section 4, "Payment result": fetch the record, report the status, save (the regular save
 * when Regular and paid, otherwise the supplementary save, even for a failed payment), then clear
 * the session's paymentData. Failures are logged as the spec says, never thrown.
 */
export async function runResultFlow(r: PaymentResult, deps: ResultFlowDeps): Promise<void> {
  let record: TPaymentRecord | null = null;
  try {
    record = await deps.fetchRecord(r.rollNo, r.orderId);
  } catch (e) {
    deps.log.error('Failed to fetch the payment record', e);
  }
  try {
    const res = await deps.reportStatus({
      status: r.status,
      date: r.date,
      amount: r.amount,
      currency: r.currency,
      statusprogress: r.statusProgress,
      name: r.rollNo,
      email: r.email,
      transactionId: r.transactionId,
      rollNo: record?.rollNo ?? r.rollNo,
      orderId: r.orderId,
      feeType: record?.feeType ?? r.feeType,
      semester: record?.semester ?? '',
      ...r.signed,
    });
    deps.log.info(res);
  } catch (e) {
    deps.log.error(e);
  }
  if (!record || !record.examType) {
    deps.log.warn('Payment record is empty or has no examType: not saved');
  } else if (record.examType === 'Regular' && r.paid) {
    try {
      await deps.saveFee({ ...record, ...r.signed });
    } catch (e) {
      deps.log.error(MSG.errorSavingPayment, e);
    }
  } else {
    try {
      await deps.saveSupple({ ...record, ...r.signed });
      deps.onSuppleSaved(MSG.recordSaved);
    } catch (e) {
      deps.log.error(MSG.errorSavingPayment, e);
    }
  }
  deps.storage.removeItem(PAYMENT_DATA_KEY);
}
