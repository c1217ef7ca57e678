import { z } from 'zod';
import { capped, ZIdParams } from '../common-schemas.js';
import {
  ZAccountsReport,
  ZAccountsSettings,
  ZAccountsSummary,
  ZBill,
  ZBillInput,
  ZBillPayment,
  ZBillPaymentInput,
  ZBillQuery,
  ZCancelReceipt,
  ZCollect,
  ZCollectionReport,
  ZConcession,
  ZConcessionInput,
  ZConcessionQuery,
  ZConcessionType,
  ZConcessionTypeInput,
  ZDateRange,
  ZDayBook,
  ZDayBookQuery,
  ZDecision,
  ZDemandResult,
  ZDuesPage,
  ZDuesQuery,
  ZExcessCredit,
  ZExcessCreditQuery,
  ZFeeHead,
  ZFeeHeadInput,
  ZFeeStructure,
  ZFeeStructureInput,
  ZFeeStructureQuery,
  ZFyQuery,
  ZPayables,
  ZRaiseDemand,
  ZReceipt,
  ZReceivable,
  ZReceivableQuery,
  ZReceivableUpdate,
  ZRollParams,
  ZStudentHit,
  ZStudentLedger,
  ZStudentSearch,
  ZTransactionPage,
  ZTransactionQuery,
  ZVendor,
  ZVendorInput,
} from '../accounts-schemas.js';
import { ZRefund, ZRefundInput, ZRefundPage, ZRefundPay, ZRefundQuery } from '../refund-schemas.js';
import { defineEndpoint as e } from './define.js';

const A = '/api/accounts';
const PDF = z.any().describe('application/pdf');

/** The accounts office: fee structures and demand, the student ledger, counter receipts, concessions, vendor bills, reports. */
export const accountsEndpoints = {
  // Fee heads, structures, demand
  heads: e({ method: 'GET', path: `${A}/fee-heads`, response: z.array(ZFeeHead) }),
  addHead: e({ method: 'POST', path: `${A}/fee-heads`, body: ZFeeHeadInput, response: ZFeeHead }),
  structures: e({ method: 'GET', path: `${A}/fee-structures`, query: ZFeeStructureQuery, response: z.array(ZFeeStructure) }),
  addStructure: e({ method: 'POST', path: `${A}/fee-structures`, body: ZFeeStructureInput, response: ZFeeStructure }),
  updateStructure: e({
    method: 'PUT',
    path: `${A}/fee-structures/:id`,
    params: ZIdParams,
    body: ZFeeStructureInput,
    response: ZFeeStructure,
  }),
  raiseDemand: e({ method: 'POST', path: `${A}/demands`, body: ZRaiseDemand, response: ZDemandResult }),

  // Students and their ledger
  students: e({ method: 'GET', path: `${A}/students`, query: ZStudentSearch, response: z.array(ZStudentHit) }),
  ledger: e({ method: 'GET', path: `${A}/students/:rollNo/ledger`, params: ZRollParams, response: ZStudentLedger }),
  statement: e({ method: 'GET', path: `${A}/students/:rollNo/statement`, params: ZRollParams, response: PDF }),

  // The student's own ledger and receipts
  myLedger: e({ method: 'GET', path: `${A}/me/ledger`, response: ZStudentLedger }),
  myReceiptPdf: e({ method: 'GET', path: `${A}/me/receipts/:id/pdf`, params: ZIdParams, response: PDF }),

  // Counter receipts
  collect: e({ method: 'POST', path: `${A}/receipts`, body: ZCollect, response: ZReceipt }),
  receipt: e({ method: 'GET', path: `${A}/receipts/:id`, params: ZIdParams, response: ZReceipt }),
  receiptPdf: e({ method: 'GET', path: `${A}/receipts/:id/pdf`, params: ZIdParams, response: PDF }),
  cancelReceipt: e({
    method: 'POST',
    path: `${A}/receipts/:id/cancel`,
    params: ZIdParams,
    body: ZCancelReceipt,
    response: ZReceipt,
  }),

  /** money receipts brought beyond what their lines were due, held for the students */
  excessCredits: e({ method: 'GET', path: `${A}/excess`, query: ZExcessCreditQuery, response: z.array(ZExcessCredit) }),
  /** sets an open excess credit against what the student owes now */
  adjustExcess: e({ method: 'POST', path: `${A}/excess/:id/adjust`, params: ZIdParams, response: ZExcessCredit }),

  // Refunds of excess credits: proposed, decided by the officer, paid as a numbered voucher
  refunds: e({ method: 'GET', path: `${A}/refunds`, query: ZRefundQuery, response: ZRefundPage }),
  proposeRefund: e({ method: 'POST', path: `${A}/refunds`, body: ZRefundInput, response: ZRefund }),
  decideRefund: e({ method: 'POST', path: `${A}/refunds/:id/decision`, params: ZIdParams, body: ZDecision, response: ZRefund }),
  payRefund: e({ method: 'POST', path: `${A}/refunds/:id/payment`, params: ZIdParams, body: ZRefundPay, response: ZRefund }),
  refundVoucherPdf: e({ method: 'GET', path: `${A}/refunds/:id/pdf`, params: ZIdParams, response: PDF }),

  // Concessions and the government's share
  concessionTypes: e({ method: 'GET', path: `${A}/concession-types`, response: z.array(ZConcessionType) }),
  addConcessionType: e({ method: 'POST', path: `${A}/concession-types`, body: ZConcessionTypeInput, response: ZConcessionType }),
  concessions: e({ method: 'GET', path: `${A}/concessions`, query: ZConcessionQuery, response: capped(ZConcession) }),
  proposeConcession: e({ method: 'POST', path: `${A}/concessions`, body: ZConcessionInput, response: ZConcession }),
  decideConcession: e({
    method: 'POST',
    path: `${A}/concessions/:id/decision`,
    params: ZIdParams,
    body: ZDecision,
    response: ZConcession,
  }),
  receivables: e({ method: 'GET', path: `${A}/receivables`, query: ZReceivableQuery, response: capped(ZReceivable) }),
  updateReceivable: e({
    method: 'POST',
    path: `${A}/receivables/:id`,
    params: ZIdParams,
    body: ZReceivableUpdate,
    response: z.object({ lineId: z.number(), sanctionStatus: z.string(), receiptId: z.number().nullable() }),
  }),
  settings: e({ method: 'GET', path: `${A}/settings`, response: ZAccountsSettings }),
  saveSettings: e({ method: 'PUT', path: `${A}/settings`, body: ZAccountsSettings, response: ZAccountsSettings }),

  // Vendors and bills
  vendors: e({ method: 'GET', path: `${A}/vendors`, response: z.array(ZVendor) }),
  addVendor: e({ method: 'POST', path: `${A}/vendors`, body: ZVendorInput, response: ZVendor }),
  bills: e({ method: 'GET', path: `${A}/bills`, query: ZBillQuery, response: capped(ZBill) }),
  addBill: e({ method: 'POST', path: `${A}/bills`, body: ZBillInput, response: ZBill }),
  decideBill: e({ method: 'POST', path: `${A}/bills/:id/decision`, params: ZIdParams, body: ZDecision, response: ZBill }),
  payBill: e({
    method: 'POST',
    path: `${A}/bills/:id/payments`,
    params: ZIdParams,
    body: ZBillPaymentInput,
    response: ZBillPayment,
  }),
  voucherPdf: e({ method: 'GET', path: `${A}/bill-payments/:id/pdf`, params: ZIdParams, response: PDF }),
  invoice: e({
    method: 'GET',
    path: `${A}/bills/:id/invoice`,
    params: ZIdParams,
    response: z.any().describe('the vendor’s invoice'),
  }),
  /** the vendor's invoice (PDF, JPG or PNG) in the part `invoice` */
  attachInvoice: e({ method: 'POST', path: `${A}/bills/:id/invoice`, params: ZIdParams, multipart: true, response: ZBill }),
  payables: e({ method: 'GET', path: `${A}/payables`, response: ZPayables }),

  // Reports
  summary: e({ method: 'GET', path: `${A}/summary`, response: ZAccountsSummary }),
  transactions: e({ method: 'GET', path: `${A}/transactions`, query: ZTransactionQuery, response: ZTransactionPage }),
  dayBook: e({ method: 'GET', path: `${A}/daybook`, query: ZDayBookQuery, response: ZDayBook }),
  collections: e({ method: 'GET', path: `${A}/collections`, query: ZDateRange, response: ZCollectionReport }),
  dues: e({ method: 'GET', path: `${A}/dues`, query: ZDuesQuery, response: ZDuesPage }),
  duesWorkbook: e({
    method: 'GET',
    path: `${A}/dues.xlsx`,
    query: ZDuesQuery,
    response: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  annualReport: e({ method: 'GET', path: `${A}/reports/annual`, query: ZFyQuery, response: ZAccountsReport }),
  tally: e({ method: 'GET', path: `${A}/export/tally`, query: ZDateRange, response: z.string().describe('application/xml') }),
};
