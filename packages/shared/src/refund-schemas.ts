import { z } from 'zod';
import { ACCOUNTS_MSG, COUNTER_MODES } from './accounts-schemas.js';
import { ZIsoDate } from './common-schemas.js';

/** Refunds of excess credits: proposed by an accountant, decided by the accounts officer, paid as a numbered voucher. */
export const REFUND_MSG = {
  notFound: 'Refund not found',
  tooLarge: 'The refund cannot be more than what is open on this excess credit',
  decided: 'This refund has already been decided',
  notApproved: 'Only an approved refund can be paid',
  paid: 'This refund has already been paid',
  notPaid: 'A refund has its voucher once it is paid',
  reasonNeeded: 'Enter the reason for the refund',
  dateInFuture: 'The payment date cannot be in the future',
  dateBeforeProposal: 'The payment date cannot be before the refund was proposed',
} as const;

export const REFUND_STATUSES = ['proposed', 'approved', 'rejected', 'paid'] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<TRefundStatus, string> = {
  proposed: 'Awaiting approval',
  approved: 'Approved, to pay',
  rejected: 'Rejected',
  paid: 'Paid',
};
/** A refund is paid the ways a desk takes money (the ledger's desk modes); never through the gateway. */
export const REFUND_MODES = COUNTER_MODES;

export const ZRefundInput = z.object({
  excessId: z.coerce.number({ message: ACCOUNTS_MSG.excessNotFound }).int().positive(ACCOUNTS_MSG.excessNotFound),
  amountPaise: z.coerce
    .number({ message: 'The amount must be a number' })
    .int('The amount must be in whole paise')
    .min(1, 'The amount must be more than zero')
    .max(100_000_000_00, 'The amount is too large'),
  reason: z
    .string({ message: REFUND_MSG.reasonNeeded })
    .trim()
    .min(1, REFUND_MSG.reasonNeeded)
    .max(300, 'The reason is too long (300 characters at most)'),
});
export type TRefundInput = z.input<typeof ZRefundInput>;

export const ZRefundPay = z
  .object({
    mode: z.enum(REFUND_MODES, { message: 'Choose the mode of payment' }),
    reference: z.string().trim().max(60, 'The reference is too long').optional().default(''),
    /** the day the money went out (the day book's day) */
    date: ZIsoDate('Payment date'),
  })
  .refine((v) => v.mode === 'cash' || v.reference, { path: ['reference'], message: ACCOUNTS_MSG.referenceNeeded });
export type TRefundPay = z.input<typeof ZRefundPay>;

export const ZRefundQuery = z.object({
  status: z.enum(REFUND_STATUSES).optional(),
  rollNo: z.string().trim().max(30).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type TRefundQuery = z.input<typeof ZRefundQuery>;

export const ZRefund = z.object({
  id: z.number(),
  excessId: z.number(),
  /** the receipt whose excess is refunded, as printed */
  receiptLabel: z.string(),
  rollNo: z.string(),
  studentName: z.string(),
  amountPaise: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** people by name (the rows keep their login ids) */
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string(),
  decisionNote: z.string(),
  paidBy: z.string(),
  /** the day the money went out, '' until paid */
  paidOn: z.string(),
  mode: z.string(),
  reference: z.string(),
  voucherNo: z.number().nullable(),
  /** the refund voucher's number as printed ('' until paid) */
  voucherLabel: z.string(),
  pdfUrl: z.string(),
});
export type TRefund = z.infer<typeof ZRefund>;

export const ZRefundPage = z.object({
  items: z.array(ZRefund),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TRefundPage = z.infer<typeof ZRefundPage>;
