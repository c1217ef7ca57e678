import { z } from 'zod';
import { dateRange, ZIsoDate } from './common-schemas.js';

/** Fee types a student can pay: the semester fee and the supplementary exam fee (one per failed course). */
export const FEE_TYPES = ['semester', 'supply'] as const;
export type TFeeType = (typeof FEE_TYPES)[number];
export const FEE_TYPE_LABELS: Record<TFeeType, string> = { semester: 'Semester Fee', supply: 'Supplementary Exam Fee' };
/** examType of a payment record: Regular for the semester fee, anything else means supplementary. */
export const EXAM_TYPE_FOR_FEE: Record<TFeeType, string> = { semester: 'Regular', supply: 'Supplementary' };

/** The session-storage key the result screen clears (spec section 3, "Fee payment record"). */
export const PAYMENT_DATA_KEY = 'paymentData';

/** Spec section 4: the status equals paid, case-insensitive. */
export const isPaidStatus = (status: string | null | undefined) => (status ?? '').trim().toLowerCase() === 'paid';

/** Spec section 9: amounts are minor units; shown divided by 100. */
export const majorAmount = (minor: number | string) => Number(minor) / 100;

/** Messages of the payment calls that the spec leaves open. */
export const PAYMENT_MSG = {
  badSignature: 'Invalid payment signature',
  unknownOrder: 'Payment order not found',
  amountMismatch: 'Payment amount does not match the order',
  currencyMismatch: 'Payment currency does not match the order',
  payerMismatch: 'Payment details do not match the order',
  alreadyPaid: 'This order is already paid',
  feeAlreadyPaid: 'This fee is already paid',
  feeNotDue: 'This fee is not due',
  linesNotOpen: 'Some of the chosen fees are no longer due: refresh to see what is',
  notRegularPaid: 'Only a paid Regular fee is saved here',
  missingTransaction: 'Transaction id is missing',
  recordNotFound: 'No payment record found',
  noStudent: 'No student record is linked to this login',
  noFeeType: 'This fee is not configured for the college',
  receiptNotFound: 'Receipt not found',
  gatewayOff: 'The demo payment gateway is not enabled',
  recorded: 'Payment status recorded',
  feeSaved: 'Fee payment details saved',
} as const;

/** What an order is for: a fee of the student's fees-due, narrowed to chosen ledger lines. */
export const ZOrderChoice = z.object({
  feeType: z.enum(FEE_TYPES, { message: 'feeType must be semester or supply' }),
  courseCode: z.string().trim().min(1).max(30).optional(),
  /** the ledger lines to pay (the semester fee's `lines`); all of them when left out */
  lineIds: z
    .array(z.number().int().positive(), { message: 'lineIds must be a list of line ids' })
    .min(1, 'Choose at least one fee to pay')
    .max(200)
    .optional(),
});

/** The rules across an order's fields (the student's order and a parent's for a child). */
export function orderChoiceRules(v: z.infer<typeof ZOrderChoice>, ctx: z.RefinementCtx) {
  if (v.feeType === 'supply' && !v.courseCode)
    ctx.addIssue({ code: 'custom', message: 'courseCode is required for a supplementary fee', path: ['courseCode'] });
  if (v.feeType !== 'semester' && v.lineIds)
    ctx.addIssue({ code: 'custom', message: 'lineIds are chosen only for the semester fee', path: ['lineIds'] });
}

export const ZCreateOrder = ZOrderChoice.superRefine(orderChoiceRules);
export type TCreateOrder = z.infer<typeof ZCreateOrder>;

const isoDate = (label: string) => ZIsoDate(label, { invalid: 'Dates are yyyy-mm-dd' });

/** Accountant's transaction history filters. */
export const ZTransactionsQuery = z
  .object({
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
    status: z.enum(['paid', 'failed', 'excess']).optional(),
    feeType: z.enum(FEE_TYPES).optional(),
    rollNo: z.string().trim().max(30).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  })
  .superRefine(dateRange({ from: 'from', to: 'to' }));
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

/** One open line of the student's ledger: what is still owed on a head for a year. */
export const ZFeeDueLine = z.object({
  lineId: z.number().int(),
  head: z.string(),
  fy: z.string(),
  amountPaise: z.number().int(),
});
export type TFeeDueLine = z.infer<typeof ZFeeDueLine>;

/**
 * A fee the student can pay online. `semester`: everything the accounts ledger shows open (its
 * `lines`, the one owner of what a student owes; `amount` is their sum). `supply`: the
 * supplementary exam fee of an open failed course, offered until paid (it becomes a ledger line
 * when paid; `lines` is empty).
 */
export const ZFeeDue = z.object({
  feeType: z.enum(FEE_TYPES),
  examType: z.string(),
  semester: z.string(),
  courseCode: z.string().nullable(),
  course: z.string(),
  amount: z.number().int().describe('paise'),
  currency: z.string(),
  lines: z.array(ZFeeDueLine),
});
export type TFeeDue = z.infer<typeof ZFeeDue>;

export const ZPaidFee = z.object({
  orderId: z.string(),
  transactionId: z.string(),
  receiptNo: z.number().int().nullable(),
  /** the receipt's printed number, e.g. 'SVEC/R/000001'; empty before one is issued */
  receiptLabel: z.string(),
  feeType: z.string(),
  examType: z.string(),
  semester: z.string(),
  courseCode: z.string().nullable(),
  amount: z.number().int().describe('paise'),
  currency: z.string(),
  transDate: z.string(),
});
export type TPaidFee = z.infer<typeof ZPaidFee>;

/** GET /api/payments/fees-due */
export const ZFeesOverview = z.object({
  rollNo: z.string(),
  name: z.string(),
  semester: z.string(),
  due: z.array(ZFeeDue),
  paid: z.array(ZPaidFee),
});
export type TFeesOverview = z.infer<typeof ZFeesOverview>;

/** Where the browser goes to pay: the demo page (GET) or Lyra's form (POST of signed fields). */
export const ZGatewayRedirect = z.discriminatedUnion('method', [
  z.object({ method: z.literal('GET'), url: z.string() }),
  z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
]);
export type TGatewayRedirect = z.infer<typeof ZGatewayRedirect>;

/** getStudentsFeePaymentDetails: the payment record (api-contract.md). */
export const ZPaymentRecord = z.object({
  rollNo: z.string(),
  orderId: z.string(),
  feeType: z.string(),
  semester: z.string(),
  examType: z.string(),
  courseCode: z.string().nullable(),
  course: z.string(),
  amount: z.number().int().describe('paise'),
  currency: z.string(),
  status: z.string(),
  transactionId: z.string().nullable(),
  receiptNo: z.number().int().nullable(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;

/** POST /api/payments/orders */
export const ZCreatedOrder = ZPaymentRecord.extend({ gateway: z.enum(['demo', 'lyra']), redirect: ZGatewayRedirect });
export type TCreatedOrder = z.infer<typeof ZCreatedOrder>;

/** The legacy payment-result calls: getStudentPaidFeeTransationStatus, saveFeePaymentDetails, saveSuppleFeePayment. */
export const ZPaymentRecorded = z.object({
  message: z.string(),
  status: z.string(),
  transactionId: z.string(),
  receiptNo: z.number().int().nullable(),
});
export type TPaymentRecorded = z.infer<typeof ZPaymentRecorded>;

/** The signed gateway fields as the legacy payment-result calls send them. */
/** getStudentsFeePaymentDetails: the record of an order, by roll number and order id. */
export const ZPaymentRecordQuery = z.object({ rollNo: z.string().trim().min(1).max(30), orderId: z.string().trim().min(1).max(40) });

export const ZGatewayFields = z.record(
  z.string().max(100),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.string().max(2000))]),
);
export type TGatewayFields = z.infer<typeof ZGatewayFields>;

export const ZTransaction = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  orderId: z.string(),
  rollNo: z.string(),
  studentName: z.string(),
  feeType: z.string(),
  examType: z.string(),
  semester: z.string(),
  courseCode: z.string().nullable(),
  amount: z.number().int().describe('paise'),
  currency: z.string(),
  status: z.string(),
  transDate: z.string(),
  receiptNo: z.number().int().nullable(),
  /** the receipt's printed number, e.g. 'SVEC/R/000001'; empty before one is issued */
  receiptLabel: z.string(),
  source: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** GET /api/payments/transactions */
export const ZTransactionsPage = z.object({
  items: z.array(ZTransaction),
  total: z.number().int(),
  paidTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TTransactionsPage = z.infer<typeof ZTransactionsPage>;

/** GET /api/payments/summary */
export const ZPaymentsSummary = z.object({
  paidCount: z.number().int(),
  paidTotal: z.number().int(),
  failedCount: z.number().int(),
  /** payments received for a fee already paid: the accounts office refunds them */
  excessCount: z.number().int(),
  excessTotal: z.number().int().describe('paise'),
  todayCount: z.number().int(),
  todayTotal: z.number().int(),
  currency: z.string(),
});
export type TPaymentsSummary = z.infer<typeof ZPaymentsSummary>;
