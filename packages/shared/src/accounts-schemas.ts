import { z } from 'zod';
import { groupIndian, gstinProblem, isValidIfsc, isValidPan } from './accounts-rules.js';
import { dateRange, ZIsoDate } from './common-schemas.js';
import { LEAVING_BASES } from './leaving-charge.js';
export { ACCOUNTS_PATHS } from './module-paths.js';

/** Messages of the accounts office, shown as they are by forms and by the API. */
export const ACCOUNTS_MSG = {
  headExists: 'A fee head with this code already exists',
  headNotFound: 'Fee head not found',
  structureExists: 'A fee structure for this course, batch, year and seat type already exists',
  noStructure: 'No fee structure matches this batch and year; add one first',
  studentNotFound: 'No student with this roll number',
  amountTooLarge: 'The amount is more than the student owes',
  nothingDue: 'Nothing is due from this student',
  allocationMismatch: 'The allocation must add up to the amount',
  allocationLine: 'An allocation names a due that is not this student’s or is already paid',
  chargeSettledElsewhere: 'This charge was settled elsewhere a moment ago: nothing more is due on it',
  referenceNeeded: 'Enter the reference (DD/cheque number, UPI reference or transaction id)',
  bankNeeded: 'Enter the bank and the instrument date of the DD/cheque',
  receiptNotFound: 'Receipt not found',
  excessNotFound: 'Excess credit not found',
  excessNotOpen: 'This excess credit is no longer open: it was set against dues, refunded or cancelled',
  nothingToAdjust: 'The student owes nothing now to set this credit against',
  alreadyCancelled: 'This receipt is already cancelled',
  refundHeld: 'Part of this receipt is being refunded: reject the refund first (a paid refund cannot be undone by cancelling the receipt)',
  onlineNotCancellable: 'An online payment is refunded through the gateway, not cancelled here',
  concessionNotFound: 'Concession not found',
  concessionTypeNotFound: 'Concession type not found',
  concessionNoDemand: 'There is no demand for this head and year to apply the concession to',
  concessionTooLarge: 'The concession is more than what is still due on this head',
  concessionDecided: 'This concession has already been decided',
  notYourStage: 'This is waiting for another approver',
  ownProposal: 'You proposed this; another person must approve it',
  vendorExists: 'A vendor with this GSTIN already exists',
  vendorNotFound: 'Vendor not found',
  billExists: 'This vendor’s bill number is already entered',
  billNotFound: 'Bill not found',
  billNotApproved: 'Only an approved bill can be paid',
  billOverpaid: 'The payment is more than the bill’s balance',
  billDecided: 'This bill has already been decided',
  lineNotFound: 'Receivable not found',
  badRange: 'The from date must be on or before the to date',
  remarkNeeded: 'Enter a remark for this decision',
  gstBoth: 'Charge either IGST (inter-state) or CGST and SGST (intra-state), not both',
  gstHalves: 'CGST and SGST are equal halves of the GST: enter the same amount for both',
  gstIntraState: 'The vendor is in the college’s state: charge CGST and SGST, not IGST',
  gstInterState: 'The vendor is in another state: charge IGST, not CGST and SGST',
  tdsSectionNeeded: 'Choose the section the TDS was deducted under',
  tdsAmountNeeded: 'Enter the TDS deducted under this section',
  tdsTooLarge: 'TDS cannot be more than the bill amount',
  invoiceType: 'The vendor’s invoice must be a PDF, JPG or PNG file',
  invoiceMissing: 'This bill has no invoice attached',
} as const;

const msg = (m: string) => ({ message: m });
const paise = (label: string) =>
  z.coerce
    .number(msg(`${label} must be a number`))
    .int(`${label} must be in whole paise`)
    .min(1, `${label} must be more than zero`)
    .max(100_000_000_00, `${label} is too large`);
const req = (label: string, max: number) =>
  z
    .string(msg(`Enter the ${label}`))
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} is too long`);
const opt = (max: number) => z.string().trim().max(max).optional().default('');
const id = z.coerce.number().int().positive();

export const ZRollParams = z.object({ rollNo: z.string().trim().min(1).max(30) });

export const PAYMENT_MODES = ['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer', 'online'] as const;
export const COUNTER_MODES = ['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer'] as const;
export const MODE_LABELS: Record<(typeof PAYMENT_MODES)[number], string> = {
  cash: 'Cash',
  dd: 'Demand draft',
  cheque: 'Cheque',
  upi: 'UPI',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  online: 'Online (gateway)',
};
export const PAYERS = ['student', 'state_reimbursement', 'nsp', 'institution', 'sponsor'] as const;
export const PAYER_LABELS: Record<(typeof PAYERS)[number], string> = {
  student: 'Student',
  state_reimbursement: 'State fee reimbursement',
  nsp: 'National Scholarship Portal',
  institution: 'Institution',
  sponsor: 'Sponsor',
};
export const SEAT_TYPES_FEE = ['Convener', 'Management', 'NRI', 'Lateral', 'Spot'] as const;

// Fee heads and structures
export const ZFeeHeadInput = z.object({
  code: z
    .string(msg('Enter the code'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,20}$/, 'The code is 2–20 letters, digits or _'),
  name: req('name', 80),
  sortOrder: z.coerce.number().int().min(0).max(999).optional().default(100),
});
export const ZFeeHead = z.object({ id: z.number(), code: z.string(), name: z.string(), sortOrder: z.number() });
export type TFeeHeadInput = z.input<typeof ZFeeHeadInput>;
export type TFeeHead = z.infer<typeof ZFeeHead>;

export const ZFeeStructureInput = z.object({
  course: req('course', 60),
  batch: req('batch', 20),
  yearOfStudy: z.coerce
    .number(msg('Choose the year of study'))
    .int()
    .min(1, 'Year of study is 1 to 6')
    .max(6, 'Year of study is 1 to 6'),
  seatType: z.enum(SEAT_TYPES_FEE, msg('Choose the seat type')),
  lines: z
    .array(z.object({ headId: id, amountPaise: paise('The amount') }))
    .min(1, 'Add at least one head with an amount')
    .refine((l) => new Set(l.map((x) => x.headId)).size === l.length, 'Each head appears once'),
});
export type TFeeStructureInput = z.input<typeof ZFeeStructureInput>;
export const ZFeeStructure = z.object({
  id: z.number(),
  course: z.string(),
  batch: z.string(),
  yearOfStudy: z.number(),
  seatType: z.string(),
  totalPaise: z.number(),
  lines: z.array(z.object({ headId: z.number(), headCode: z.string(), headName: z.string(), amountPaise: z.number() })),
});
export type TFeeStructure = z.infer<typeof ZFeeStructure>;
export const ZFeeStructureQuery = z.object({
  course: z.string().trim().max(60).optional(),
  batch: z.string().trim().max(20).optional(),
});

export const ZRaiseDemand = z.object({
  batch: req('batch', 20),
  year: z.coerce
    .number(msg('Choose the year of study'))
    .int()
    .min(1, 'Year of study is 1 to 6')
    .max(6, 'Year of study is 1 to 6'),
  course: z.string().trim().max(60).optional(),
  dueDate: ZIsoDate('Due date').optional(),
});
export type TRaiseDemand = z.input<typeof ZRaiseDemand>;
export const ZDemandResult = z.object({
  fy: z.string(),
  students: z.number(),
  raised: z.number(),
  alreadyRaised: z.number(),
  withoutStructure: z.number(),
  totalPaise: z.number(),
});
export type TDemandResult = z.infer<typeof ZDemandResult>;

// Students and the ledger
export const ZStudentSearch = z.object({ q: z.string().trim().min(1, 'Type a roll number, name or admission number').max(60) });
export const ZStudentHit = z.object({
  rollNo: z.string(),
  name: z.string(),
  course: z.string(),
  batch: z.string(),
  branch: z.string(),
  section: z.string(),
  admissionNo: z.string(),
});
export type TStudentHit = z.infer<typeof ZStudentHit>;

export const ZLedgerLine = z.object({
  id: z.number(),
  fy: z.string(),
  headId: z.number(),
  headCode: z.string(),
  headName: z.string(),
  payer: z.string(),
  sanctionStatus: z.string(),
  source: z.string(),
  dueDate: z.string(),
  amountPaise: z.number(),
  paidPaise: z.number(),
  waivedPaise: z.number(),
  balancePaise: z.number(),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;

/** A charge another module (hostel, transport, library) posted into the student ledger, as the ledger holds it. */
export const ZPostedCharge = z.object({
  lineId: z.number(),
  fy: z.string(),
  headName: z.string(),
  sourceRef: z.string(),
  dueDate: z.string(),
  amountPaise: z.number(),
  paidPaise: z.number(),
  waivedPaise: z.number(),
  balancePaise: z.number(),
});
export type TPostedCharge = z.infer<typeof ZPostedCharge>;

export const ZFeeAllocation = z.object({ lineId: z.number(), headName: z.string(), fy: z.string(), amountPaise: z.number() });
export const ZReceipt = z.object({
  id: z.number(),
  kind: z.string(),
  receiptNo: z.number().nullable(),
  label: z.string(),
  fy: z.string(),
  date: z.string(),
  rollNo: z.string(),
  studentName: z.string(),
  mode: z.string(),
  reference: z.string(),
  bank: z.string(),
  instrumentDate: z.string(),
  amountPaise: z.number(),
  status: z.string(),
  cancelReason: z.string(),
  clerk: z.string(),
  reversesId: z.number().nullable(),
  allocations: z.array(ZFeeAllocation),
  /** what the receipt brought beyond its allocations, held as the student's excess credit: amountPaise = allocations + excessPaise */
  excessPaise: z.number(),
  pdfUrl: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** Money a receipt brought beyond what its lines were due (e.g. a fee paid online after the counter cleared the ledger). */
export const EXCESS_STATUSES = ['open', 'adjusted', 'refunded', 'cancelled'] as const;
export const ZExcessCredit = z.object({
  id: z.number(),
  receiptId: z.number(),
  receiptLabel: z.string(),
  date: z.string(),
  rollNo: z.string(),
  studentName: z.string(),
  mode: z.string(),
  receiptAmountPaise: z.number(),
  /** what is left of it (all of it until set against dues) */
  excessPaise: z.number(),
  /** open; adjusted: all of it set against the student's dues; refunded: all of it held by refunds; cancelled with its receipt */
  status: z.enum(EXCESS_STATUSES),
});
export type TExcessCredit = z.infer<typeof ZExcessCredit>;
export const ZExcessCreditQuery = z.object({
  status: z.enum(EXCESS_STATUSES).optional(),
  rollNo: z.string().trim().max(30).optional(),
});

export const ZStudentLedger = z.object({
  student: ZStudentHit.extend({ parentPhone: z.string(), seatType: z.string() }),
  lines: z.array(ZLedgerLine),
  receipts: z.array(ZReceipt),
  totals: z.object({
    demandPaise: z.number(),
    paidPaise: z.number(),
    waivedPaise: z.number(),
    studentDuePaise: z.number(),
    governmentReceivablePaise: z.number(),
    advancePaise: z.number(),
  }),
});
export type TStudentLedger = z.infer<typeof ZStudentLedger>;

export const ZCollect = z
  .object({
    rollNo: req('roll number', 30),
    mode: z.enum(COUNTER_MODES, msg('Choose the mode of payment')),
    reference: opt(60),
    bank: opt(80),
    instrumentDate: ZIsoDate('Instrument date')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** paise */
    amount: paise('The amount'),
    allocation: z
      .array(z.object({ lineId: id, amountPaise: paise('The allocated amount') }))
      .max(100)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'cash' && !v.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: ACCOUNTS_MSG.referenceNeeded });
    if ((v.mode === 'dd' || v.mode === 'cheque') && (!v.bank || !v.instrumentDate))
      ctx.addIssue({ code: 'custom', path: ['bank'], message: ACCOUNTS_MSG.bankNeeded });
    if (v.allocation?.length && v.allocation.reduce((s, a) => s + a.amountPaise, 0) !== v.amount)
      ctx.addIssue({ code: 'custom', path: ['allocation'], message: ACCOUNTS_MSG.allocationMismatch });
  });
export type TCollect = z.input<typeof ZCollect>;
export const ZCancelReceipt = z.object({ reason: req('reason', 300).min(5, 'Give a reason of at least 5 characters') });

// Concessions
export const ZConcessionTypeInput = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,20}$/, 'The code is 2–20 letters, digits or _'),
  name: req('name', 80),
  payer: z.enum(PAYERS, msg('Choose who pays')),
  category: opt(40),
});
export const ZConcessionType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  payer: z.string(),
  category: z.string(),
});
export type TConcessionType = z.infer<typeof ZConcessionType>;

export const ZConcessionInput = z
  .object({
    rollNo: req('roll number', 30),
    typeId: id,
    fy: z.string(msg('Choose the year')).regex(/^\d{4}-\d{2}$/, 'Choose the financial year, e.g. 2025-26'),
    headId: id,
    basis: z.enum(['amount', 'percent'], msg('Choose amount or percentage')),
    /** paise for 'amount', whole percent for 'percent' */
    value: z.coerce.number(msg('Enter the value')).int('Enter a whole number').min(1, 'The value must be more than zero'),
    note: opt(300),
  })
  .refine((v) => v.basis !== 'percent' || v.value <= 100, { path: ['value'], message: 'A percentage is at most 100' });
export type TConcessionInput = z.input<typeof ZConcessionInput>;
export const CONCESSION_STATUSES = ['proposed', 'awaiting_principal', 'approved', 'rejected'] as const;
export const ZConcession = z.object({
  id: z.number(),
  rollNo: z.string(),
  studentName: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  payer: z.string(),
  fy: z.string(),
  headId: z.number(),
  headName: z.string(),
  basis: z.string(),
  value: z.number(),
  amountPaise: z.number(),
  status: z.string(),
  note: z.string(),
  proposedBy: z.string(),
  /** the decider's name as people read it (not the login id) */
  decidedBy: z.string(),
  decidedAt: z.string(),
  decisionNote: z.string(),
  createdAt: z.string(),
});
export type TConcession = z.infer<typeof ZConcession>;
export const ZConcessionQuery = z.object({
  status: z.enum(CONCESSION_STATUSES).optional(),
  rollNo: z.string().trim().max(30).optional(),
});
/** A decision always carries the decider's remark: it is what the audit row and the next reader see. */
export const ZDecision = z.object({
  decision: z.enum(['approve', 'reject'], msg('Choose approve or reject')),
  note: z
    .string(msg(ACCOUNTS_MSG.remarkNeeded))
    .trim()
    .min(1, ACCOUNTS_MSG.remarkNeeded)
    .max(300, 'The remark is too long (300 characters at most)'),
});
export type TDecision = z.input<typeof ZDecision>;

export const ZReceivable = z.object({
  lineId: z.number(),
  rollNo: z.string(),
  studentName: z.string(),
  fy: z.string(),
  headName: z.string(),
  payer: z.string(),
  sanctionStatus: z.string(),
  amountPaise: z.number(),
  receivedPaise: z.number(),
});
export const ZReceivableQuery = z.object({
  payer: z.enum(PAYERS).optional(),
  status: z.enum(['pending', 'sanctioned', 'received']).optional(),
});
export const ZReceivableUpdate = z.object({
  status: z.enum(['sanctioned', 'received'], msg('Choose sanctioned or received')),
  reference: opt(60),
});

// Vendors and bills
export const ZVendorInput = z.object({
  name: req('vendor name', 120),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .default(''),
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === '' || isValidPan(v),
      'The PAN is 5 letters, 4 digits and a letter; its 4th letter is the holder type (C, P, H, F, A, T, B, L, J or G)',
    )
    .optional()
    .default(''),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{9,18}$/, 'The bank account number is 9 to 18 digits')
    .or(z.literal(''))
    .optional()
    .default(''),
  ifsc: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidIfsc(v), 'The IFSC is 4 letters, a zero and 6 letters or digits')
    .optional()
    .default(''),
  phone: opt(20),
  address: opt(300),
});
export type TVendorInput = z.input<typeof ZVendorInput>;
export const ZVendor = z.object({
  id: z.number(),
  name: z.string(),
  gstin: z.string(),
  pan: z.string(),
  bankAccount: z.string(),
  ifsc: z.string(),
  phone: z.string(),
  address: z.string(),
  outstandingPaise: z.number(),
});
export type TVendor = z.infer<typeof ZVendor>;

/** TDS sections a college's vendor bills fall under, with what each covers. */
export const TDS_SECTIONS = {
  '194C': 'Contractors',
  '194J': 'Professional or technical fees',
  '194I': 'Rent',
  '194H': 'Commission or brokerage',
  '194Q': 'Purchase of goods',
  '194A': 'Interest',
} as const;
export type TTdsSection = keyof typeof TDS_SECTIONS;
const TDS_SECTION_CODES = Object.keys(TDS_SECTIONS) as [TTdsSection, ...TTdsSection[]];

const taxPaise = (label: string) =>
  z.coerce
    .number(msg(`${label} must be a number`))
    .int(`${label} must be in whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000_00, `${label} is too large`)
    .optional()
    .default(0);

/** TDS at a rate (percent, two decimals at most) of an amount, rounded to the paisa. */
export const tdsAtRate = (amountPaise: number, ratePercent: number) => Math.round((amountPaise * Math.round(ratePercent * 100)) / 10_000);

/**
 * Which GST a bill must carry, by the vendor's GSTIN state against the college's GST state code:
 * the same state is intra-state (CGST + SGST), another is inter-state (IGST). Unknown either way: no rule.
 */
export function gstStateProblem(vendorGstin: string, collegeStateCode: string, tax: { cgstPaise: number; sgstPaise: number; igstPaise: number }) {
  if (!vendorGstin || !collegeStateCode) return null;
  const intraState = vendorGstin.slice(0, 2) === collegeStateCode;
  if (intraState && tax.igstPaise > 0) return ACCOUNTS_MSG.gstIntraState;
  if (!intraState && tax.cgstPaise + tax.sgstPaise > 0) return ACCOUNTS_MSG.gstInterState;
  return null;
}

export const ZBillInput = z
  .object({
    vendorId: id,
    billNo: req('bill number', 40),
    billDate: ZIsoDate('Bill date'),
    description: req('description', 300),
    amountPaise: paise('The amount'),
    cgstPaise: taxPaise('CGST'),
    sgstPaise: taxPaise('SGST'),
    igstPaise: taxPaise('IGST'),
    tdsSection: z
      .enum(['', ...TDS_SECTION_CODES], msg('Choose a TDS section from the list'))
      .optional()
      .default(''),
    tdsRatePercent: z.coerce
      .number(msg('The TDS rate must be a number'))
      .min(0, 'The TDS rate cannot be negative')
      .max(30, 'The TDS rate is at most 30%')
      .refine((r) => Math.abs(r * 100 - Math.round(r * 100)) < 1e-6, 'The TDS rate has two decimals at most')
      .optional()
      .default(0),
    tdsPaise: taxPaise('TDS'),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.igstPaise > 0 && b.cgstPaise + b.sgstPaise > 0) issue('igstPaise', ACCOUNTS_MSG.gstBoth);
    else if (b.cgstPaise !== b.sgstPaise) issue('sgstPaise', ACCOUNTS_MSG.gstHalves);
    if (b.tdsPaise > 0 && !b.tdsSection) issue('tdsSection', ACCOUNTS_MSG.tdsSectionNeeded);
    if (b.tdsSection && b.tdsPaise === 0) issue('tdsPaise', ACCOUNTS_MSG.tdsAmountNeeded);
    if (b.tdsPaise > b.amountPaise) issue('tdsPaise', ACCOUNTS_MSG.tdsTooLarge);
    else if (b.tdsRatePercent > 0 && b.tdsPaise !== tdsAtRate(b.amountPaise, b.tdsRatePercent))
      issue('tdsPaise', `TDS at ${b.tdsRatePercent}% of the amount is ₹${groupIndian(tdsAtRate(b.amountPaise, b.tdsRatePercent))}`);
  });
export type TBillInput = z.input<typeof ZBillInput>;
export const BILL_STATUSES = ['submitted', 'awaiting_principal', 'approved', 'rejected', 'paid'] as const;
export const ZBillPayment = z.object({
  id: z.number(),
  voucherNo: z.number(),
  label: z.string(),
  date: z.string(),
  mode: z.string(),
  reference: z.string(),
  amountPaise: z.number(),
  paidBy: z.string(),
  pdfUrl: z.string(),
});
export type TBillPayment = z.infer<typeof ZBillPayment>;
export const ZBill = z.object({
  id: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  billNo: z.string(),
  billDate: z.string(),
  description: z.string(),
  amountPaise: z.number(),
  gstPaise: z.number(),
  cgstPaise: z.number(),
  sgstPaise: z.number(),
  igstPaise: z.number(),
  tdsPaise: z.number(),
  tdsSection: z.string(),
  tdsRatePercent: z.number(),
  payablePaise: z.number(),
  paidPaise: z.number(),
  status: z.string(),
  createdBy: z.string(),
  /** the decider's name as people read it (not the login id) */
  decidedBy: z.string(),
  decidedAt: z.string(),
  decisionNote: z.string(),
  /** '' when no invoice is attached */
  invoiceUrl: z.string(),
  payments: z.array(ZBillPayment),
});
export type TBill = z.infer<typeof ZBill>;
export const ZBillQuery = z.object({ status: z.enum(BILL_STATUSES).optional(), vendorId: id.optional() });
export const ZBillPaymentInput = z
  .object({
    mode: z.enum(['cash', 'cheque', 'bank_transfer', 'upi', 'dd'], msg('Choose the mode of payment')),
    reference: opt(60),
    amountPaise: paise('The amount'),
  })
  .refine((v) => v.mode === 'cash' || v.reference, { path: ['reference'], message: ACCOUNTS_MSG.referenceNeeded });
export type TBillPaymentInput = z.input<typeof ZBillPaymentInput>;
export const ZPayables = z.array(
  z.object({
    vendorId: z.number(),
    vendorName: z.string(),
    bills: z.number(),
    upTo30Paise: z.number(),
    days31to60Paise: z.number(),
    days61to90Paise: z.number(),
    over90Paise: z.number(),
    totalPaise: z.number(),
  }),
);

// Reports
const range = z
  .object({ from: ZIsoDate('from'), to: ZIsoDate('to') })
  .superRefine(dateRange({ from: 'from', to: 'to', reversed: ACCOUNTS_MSG.badRange }));
export const ZDateRange = range;
export const ZTransactionQuery = z
  .object({
    from: ZIsoDate('from').optional(),
    to: ZIsoDate('to').optional(),
    mode: z.enum(PAYMENT_MODES).optional(),
    headId: id.optional(),
    clerk: z.string().trim().max(120).optional(),
    course: z.string().trim().max(60).optional(),
    kind: z.enum(['receipt', 'reversal', 'payment']).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  })
  .superRefine(dateRange({ from: 'from', to: 'to', reversed: ACCOUNTS_MSG.badRange }));
export type TTransactionQuery = z.input<typeof ZTransactionQuery>;
export const ZLedgerTransaction = z.object({
  kind: z.string(),
  id: z.number(),
  label: z.string(),
  date: z.string(),
  party: z.string(),
  rollNo: z.string(),
  course: z.string(),
  mode: z.string(),
  reference: z.string(),
  amountPaise: z.number(),
  status: z.string(),
  /** the clerk's login id (what the filter matches) */
  clerk: z.string(),
  /** the clerk as people know them ("Lakshmi Narayana, Accountant"), or the login id */
  clerkName: z.string(),
});
export const ZTransactionPage = z.object({
  items: z.array(ZLedgerTransaction),
  total: z.number(),
  receiptsPaise: z.number(),
  paymentsPaise: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

export const ZDayBookQuery = z.object({ date: ZIsoDate('date'), book: z.enum(['day', 'cash']).optional().default('day') });
export const ZDayBook = z.object({
  date: z.string(),
  book: z.string(),
  openingPaise: z.number(),
  receiptsPaise: z.number(),
  paymentsPaise: z.number(),
  closingPaise: z.number(),
  /** money in and out of the day by mode (refunds paid are money out), and what each mode nets */
  byMode: z.array(
    z.object({ mode: z.string(), receivedPaise: z.number(), paidPaise: z.number(), refundedPaise: z.number(), netPaise: z.number() }),
  ),
  entries: z.array(ZLedgerTransaction),
});
export type TDayBook = z.infer<typeof ZDayBook>;

export const ZCollectionReport = z.object({
  from: z.string(),
  to: z.string(),
  byHead: z.array(z.object({ headName: z.string(), amountPaise: z.number() })),
  byMode: z.array(z.object({ mode: z.string(), amountPaise: z.number(), count: z.number() })),
  byDay: z.array(z.object({ date: z.string(), amountPaise: z.number() })),
  totalPaise: z.number(),
});
export type TCollectionReport = z.infer<typeof ZCollectionReport>;

export const ZDuesQuery = z.object({
  batch: z.string().trim().max(20).optional(),
  course: z.string().trim().max(60).optional(),
  section: z.string().trim().max(10).optional(),
  branch: z.string().trim().max(20).optional(),
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(10000).default(50),
});
export type TDuesQuery = z.input<typeof ZDuesQuery>;
export const ZDueRow = z.object({
  rollNo: z.string(),
  name: z.string(),
  course: z.string(),
  batch: z.string(),
  branch: z.string(),
  section: z.string(),
  parentPhone: z.string(),
  demandPaise: z.number(),
  paidPaise: z.number(),
  waivedPaise: z.number(),
  duePaise: z.number(),
});
export const ZDuesPage = z.object({
  items: z.array(ZDueRow),
  total: z.number(),
  totalDuePaise: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDuesPage = z.infer<typeof ZDuesPage>;

export const ZAccountsReport = z.object({
  fy: z.string(),
  feeReceiptsPaise: z.number(),
  receiptsByHead: z.array(z.object({ headName: z.string(), amountPaise: z.number() })),
  scholarshipBeneficiaries: z.array(
    z.object({ category: z.string(), typeName: z.string(), students: z.number(), amountPaise: z.number() }),
  ),
  governmentReceivable: z.object({ pendingPaise: z.number(), sanctionedPaise: z.number(), receivedPaise: z.number() }),
  expenditurePaise: z.number(),
  expenditureByVendor: z.array(z.object({ vendorName: z.string(), amountPaise: z.number() })),
});
export type TAccountsReport = z.infer<typeof ZAccountsReport>;
export const ZFyQuery = z.object({
  fy: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Choose the financial year, e.g. 2025-26')
    .optional(),
});

export const ZAccountsSettings = z.object({
  concessionPrincipalLimitPaise: z.coerce.number().int().min(0),
  billPrincipalLimitPaise: z.coerce.number().int().min(0),
  /** the college's GST state code (first two digits of its GSTIN); '' unknown, left as it is when absent */
  gstStateCode: z
    .string()
    .trim()
    .regex(/^(\d{2})?$/, 'The GST state code is two digits (the start of the college’s GSTIN)')
    .optional(),
  /** a year's hostel or bus charge kept when a student leaves early: by the month or the semester begun; kept as it is when absent */
  leavingBasis: z.enum(LEAVING_BASES, { message: 'Choose month or semester' }).optional(),
  /** the hostel's caution deposit, charged at allotment and given back at checkout less damages; kept as it is when absent */
  hostelCautionDepositPaise: z.coerce.number().int().min(0, 'The caution deposit cannot be negative').optional(),
});
export type TAccountsSettings = z.infer<typeof ZAccountsSettings>;

export const ZAccountsSummary = z.object({
  todayPaise: z.number(),
  todayCount: z.number(),
  studentDuePaise: z.number(),
  pendingConcessions: z.number(),
  pendingBills: z.number(),
  awaitingPrincipal: z.number(),
});
export type TAccountsSummary = z.infer<typeof ZAccountsSummary>;
