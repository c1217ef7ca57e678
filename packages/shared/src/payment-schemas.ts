import { z } from 'zod';

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

export const ZCreateOrder = z
  .object({
    feeType: z.enum(FEE_TYPES, { message: 'feeType must be semester or supply' }),
    courseCode: z.string().trim().min(1).max(30).optional(),
  })
  .refine((v) => v.feeType !== 'supply' || !!v.courseCode, {
    message: 'courseCode is required for a supplementary fee',
    path: ['courseCode'],
  });
export type TCreateOrder = z.infer<typeof ZCreateOrder>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are yyyy-mm-dd');

/** Accountant's transaction history filters. */
export const ZTransactionsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(['paid', 'failed']).optional(),
  feeType: z.enum(FEE_TYPES).optional(),
  rollNo: z.string().trim().max(30).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

export interface TFeeDue {
  feeType: TFeeType;
  examType: string;
  semester: string;
  courseCode: string | null;
  course: string;
  amount: number;
  currency: string;
}

export interface TPaidFee {
  orderId: string;
  transactionId: string;
  receiptNo: number | null;
  feeType: string;
  examType: string;
  semester: string;
  courseCode: string | null;
  amount: number;
  currency: string;
  transDate: string;
}

export interface TFeesOverview {
  rollNo: string;
  name: string;
  semester: string;
  due: TFeeDue[];
  paid: TPaidFee[];
}

/** Where the browser goes to pay: the demo page (GET) or Lyra's form (POST of signed fields). */
export type TGatewayRedirect = { method: 'GET'; url: string } | { method: 'POST'; url: string; fields: Record<string, string> };

export interface TPaymentRecord {
  rollNo: string;
  orderId: string;
  feeType: string;
  semester: string;
  examType: string;
  courseCode: string | null;
  course: string;
  amount: number;
  currency: string;
  status: string;
  transactionId: string | null;
  receiptNo: number | null;
}

export interface TCreatedOrder extends TPaymentRecord {
  gateway: 'demo' | 'lyra';
  redirect: TGatewayRedirect;
}

export interface TTransaction {
  id: number;
  transactionId: string;
  orderId: string;
  rollNo: string;
  studentName: string;
  feeType: string;
  examType: string;
  semester: string;
  courseCode: string | null;
  amount: number;
  currency: string;
  status: string;
  transDate: string;
  receiptNo: number | null;
  source: string;
}

export interface TTransactionsPage {
  items: TTransaction[];
  total: number;
  paidTotal: number;
  page: number;
  pageSize: number;
}

export interface TPaymentsSummary {
  paidCount: number;
  paidTotal: number;
  failedCount: number;
  todayCount: number;
  todayTotal: number;
  currency: string;
}
