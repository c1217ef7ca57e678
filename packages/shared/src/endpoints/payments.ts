import { z } from 'zod';
import { binaryResponse } from '../common-schemas.js';
import {
  ZCreatedOrder,
  ZCreateOrder,
  ZFeesOverview,
  ZGatewayFields,
  ZPaymentRecord,
  ZPaymentRecordQuery,
  ZPaymentRecorded,
  ZPaymentsSummary,
  ZTransactionsPage,
  ZTransactionsQuery,
} from '../payment-schemas.js';
import { defineEndpoint as e } from './define.js';

const P = '/api/payments';
const V1 = '/api/v1';

/**
 * Online fee payments: what a student can pay (the ledger's open lines), orders, receipts, the
 * office's history; and the legacy calls of the payment result screen (registered by hand with
 * these schemas). The gateway's own pages (the demo gateway, Lyra's notification) answer HTML or
 * text and are not called by the web.
 */
export const paymentEndpoints = {
  feesDue: e({ method: 'GET', path: `${P}/fees-due`, response: ZFeesOverview }),
  createOrder: e({ method: 'POST', path: `${P}/orders`, body: ZCreateOrder, response: ZCreatedOrder }),
  receiptPdf: e({
    method: 'GET',
    path: `${P}/receipts/:receiptNo`,
    params: z.object({ receiptNo: z.coerce.number().int().min(1).max(2_000_000_000) }),
    response: binaryResponse('application/pdf'),
  }),
  transactions: e({ method: 'GET', path: `${P}/transactions`, query: ZTransactionsQuery, response: ZTransactionsPage }),
  summary: e({ method: 'GET', path: `${P}/summary`, response: ZPaymentsSummary }),

  // The result screen's legacy calls (spec section 7), public and verified by the gateway's signature.
  paymentRecord: e({
    method: 'GET',
    path: `${V1}/getStudentsFeePaymentDetails`,
    query: ZPaymentRecordQuery,
    response: ZPaymentRecord,
  }),
  transactionStatus: e({
    method: 'GET',
    path: `${V1}/getStudentPaidFeeTransationStatus`,
    query: ZGatewayFields,
    response: ZPaymentRecorded,
  }),
  saveFee: e({ method: 'POST', path: `${V1}/saveFeePaymentDetails`, body: ZGatewayFields, response: ZPaymentRecorded }),
  saveSupplyFee: e({ method: 'POST', path: `${V1}/saveSuppleFeePayment`, body: ZGatewayFields, response: ZPaymentRecorded }),
};
