import { z } from 'zod';
import { LEADERSHIP_ROLES, ROLES, type Role } from './roles.js';
import { capped, dateRange, MAX_DAY_SPAN, ZIsoDate } from './common-schemas.js';

/** Library: catalogue, circulation rules, loans, holds, fines. Money in paise, dates yyyy-mm-dd. */

export const LIBRARY_STAFF: Role[] = [ROLES.LIBRARY_INCHARGE, ROLES.LIBRARY_ASSISTANT];
/** Who may edit the circulation rules and waive fines. */
export const LIBRARY_INCHARGE: Role[] = [ROLES.LIBRARY_INCHARGE, ROLES.ADMIN];
export const LIBRARY_WAIVERS: Role[] = [ROLES.LIBRARY_INCHARGE];
/** Who reads the library's reports and overdue list: the staff, and leadership (their library figures drill to them). */
export const LIBRARY_REPORT_ROLES: Role[] = [...LIBRARY_STAFF, ...LEADERSHIP_ROLES];
/** Who may search the catalogue inside the app (the public OPAC needs no sign-in). */
export const LIBRARY_READERS: Role[] = [
  ...LIBRARY_STAFF,
  ROLES.OPAC_LIBRARY,
  ROLES.STUDENT,
  ROLES.FACULTY,
  ROLES.HOD,
  ROLES.ADMIN,
];

export const ITEM_TYPES = ['book', 'reference', 'journal', 'cd'] as const;
export type TItemType = (typeof ITEM_TYPES)[number];
export const ITEM_TYPE_LABELS: Record<TItemType, string> = {
  book: 'Book',
  reference: 'Reference',
  journal: 'Journal',
  cd: 'CD / DVD',
};

export const COPY_STATUSES = ['available', 'on_loan', 'on_hold_shelf', 'in_transit', 'lost', 'damaged', 'withdrawn'] as const;
export type TCopyStatus = (typeof COPY_STATUSES)[number];
export const COPY_STATUS_LABELS: Record<TCopyStatus, string> = {
  available: 'Available',
  on_loan: 'On loan',
  on_hold_shelf: 'On hold shelf',
  in_transit: 'In transit',
  lost: 'Lost',
  damaged: 'Damaged',
  withdrawn: 'Withdrawn',
};

/** Built-in patron categories; a college may add more. */
export const DEFAULT_PATRON_CATEGORIES: Array<{ code: string; name: string }> = [
  { code: 'UG', name: 'UG student' },
  { code: 'PG', name: 'PG student' },
  { code: 'FACULTY', name: 'Faculty' },
  { code: 'STAFF', name: 'Non-teaching staff' },
];

// ---------- ISBN ----------

const digitsOf = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** True when a 10-character ISBN's check digit is right (the last may be X). */
export function isValidIsbn10(raw: string): boolean {
  const s = digitsOf(raw);
  if (!/^\d{9}[\dX]$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (s[i] === 'X' ? 10 : Number(s[i]));
  return sum % 11 === 0;
}

export function isValidIsbn13(raw: string): boolean {
  const s = digitsOf(raw);
  if (!/^97[89]\d{10}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** The ISBN-13 of a valid ISBN-10 or ISBN-13 (hyphens and spaces allowed), else null. */
export function toIsbn13(raw: string): string | null {
  const s = digitsOf(raw);
  if (isValidIsbn13(s)) return s;
  if (!isValidIsbn10(s)) return null;
  const body = `978${s.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const LIBRARY_MSG = {
  badIsbn: 'ISBN is not valid: check the digits (ISBN-10 or ISBN-13)',
  titleNotFound: 'Title not found',
  copyNotFound: 'No copy has this accession number',
  copyNothingToChange: 'Nothing to change: give the shelf location, price, vendor or status',
  patronNotFound: 'No student or staff member has this roll number or employee code',
  duplicateAccession: 'This accession number is already used by another copy',
  referenceNotForLoan: 'Reference items are not for loan',
  notAvailable: 'This copy is not available for loan',
  heldForOther: 'This copy is on the hold shelf for another patron',
  overLimit: 'The patron already has the maximum number of items on loan',
  fineBlock: 'The patron owes fines above the limit: collect the fines before issuing',
  courseEnded: "The patron's course or membership has ended",
  alreadyOnLoan: 'The patron already has a copy of this title',
  lostRace: 'Another desk issued this copy a moment ago: it is no longer available',
  notOnLoan: 'This copy is not on loan',
  loanNotFound: 'Loan not found',
  loanClosed: 'This loan is already closed',
  renewalsUsed: 'No renewals left for this loan',
  renewHeld: 'Someone is waiting for this title: it cannot be renewed',
  renewOverdue: 'The loan is overdue: return the copy and settle the fine first',
  holdAvailable: 'A copy of this title is available on the shelf: borrow it instead of placing a hold',
  holdExists: 'The patron already holds this title',
  holdLimit: 'The patron has reached the hold limit',
  holdOnLoan: 'The patron already has this title on loan',
  holdNotFound: 'Hold not found',
  holdClosed: 'This hold is no longer active',
  fineNotFound: 'Fine not found',
  fineSettled: 'This fine is already settled',
  fineChanged: 'A payment on this fine was taken at the accounts counter a moment ago: look at the fine again',
  inTransit: 'This copy is in transit (sent for binding or to another library): receive it back before issuing',
  transitNeedsShelf: 'Only a copy on the shelf can be sent in transit',
  notInTransit: 'This copy is not in transit',
  notYours: 'This belongs to another patron',
  noPatronLogin: 'This login is not linked to a student or staff record',
  withdrawOnLoan: 'This copy is on loan: it can be withdrawn only after it is returned',
  titleUnchanged: 'Nothing changed',
  yearRange: 'The "from" year must not be after the "to" year',
  choosePatron: 'Choose the patron',
  chooseTitle: 'Choose the title',
} as const;

// ---------- requests ----------

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} is at most ${max} characters`);
const paise = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);

export const ZTitleInput = z.object({
  title: trimmed(300, 'Title').min(1, 'Title is required'),
  subtitle: trimmed(300, 'Subtitle').default(''),
  authors: trimmed(500, 'Authors').default(''),
  isbn: z
    .string()
    .trim()
    .max(20, LIBRARY_MSG.badIsbn)
    .refine((v) => v === '' || toIsbn13(v) !== null, LIBRARY_MSG.badIsbn)
    .default(''),
  publisher: trimmed(200, 'Publisher').default(''),
  year: z
    .number({ message: 'Year must be a number' })
    .int()
    .min(1400, 'Year is not valid')
    .max(2100, 'Year is not valid')
    .nullable()
    .default(null),
  edition: trimmed(60, 'Edition').default(''),
  subjects: trimmed(500, 'Subjects').default(''),
  callNumber: trimmed(60, 'Call number').default(''),
  language: trimmed(40, 'Language').default('English'),
  pages: z
    .number({ message: 'Pages must be a number' })
    .int()
    .min(1, 'Pages must be at least 1')
    .max(100000)
    .nullable()
    .default(null),
  itemType: z.enum(ITEM_TYPES, { message: 'Item type must be book, reference, journal or cd' }).default('book'),
});
export type TTitleInput = z.input<typeof ZTitleInput>;

export const ZCopiesInput = z
  .object({
    count: z
      .number({ message: 'Count must be a number' })
      .int()
      .min(1, 'Add at least one copy')
      .max(500, 'At most 500 copies at a time')
      .default(1),
    accessionNo: z
      .string()
      .trim()
      .max(40, 'Accession number is at most 40 characters')
      .regex(/^[A-Za-z0-9/-]*$/, 'Accession numbers use letters, digits, - and /')
      .default(''),
    shelfLocation: trimmed(80, 'Shelf location').default(''),
    price: paise('Price').default(0),
    vendor: trimmed(120, 'Vendor').default(''),
    acquiredOn: ZIsoDate('Acquired on').or(z.literal('')).default(''),
  })
  .refine((v) => !v.accessionNo || v.count === 1, {
    message: 'Give an accession number for one copy only',
    path: ['accessionNo'],
  });
export type TCopiesInput = z.input<typeof ZCopiesInput>;

export const ZCopyUpdate = z
  .object({
    /** why the status changed (sent for binding, transfer to a branch library), kept in the audit log */
    note: trimmed(200, 'Note').optional(),
    shelfLocation: trimmed(80, 'Shelf location').optional(),
    price: paise('Price').optional(),
    vendor: trimmed(120, 'Vendor').optional(),
    status: z
      .enum(['available', 'in_transit', 'damaged', 'withdrawn', 'lost'], { message: 'Status is not one the desk may set' })
      .optional(),
  })
  // Every field may be left out, but not all of them (a note alone changes nothing).
  .refine((v) => [v.shelfLocation, v.price, v.vendor, v.status].some((f) => f !== undefined), {
    message: LIBRARY_MSG.copyNothingToChange,
  });

/** An empty query value ("?type=") is the same as none. */
const unlessEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const searchYear = (label: string) =>
  unlessEmpty(
    z.coerce
      .number({ message: `${label} must be a year` })
      .int(`${label} must be a year`)
      .min(1400, `${label} must be a year from 1400 to 2100`)
      .max(2100, `${label} must be a year from 1400 to 2100`),
  );

/** The OPAC's search: words, then filters by item type, subject, year of publication and copies on the shelf. */
export const ZTitleSearch = z
  .object({
    q: z.string().trim().max(200, 'Search is at most 200 characters').default(''),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    type: unlessEmpty(z.enum(ITEM_TYPES, { message: 'Item type must be book, reference, journal or cd' })),
    subject: unlessEmpty(z.string().trim().max(100, 'Subject is at most 100 characters')),
    yearFrom: searchYear('From year'),
    yearTo: searchYear('To year'),
    /** only titles with a copy on the shelf now */
    available: unlessEmpty(z.enum(['true', 'false'], { message: 'available is true or false' })).transform((v) => v === 'true'),
  })
  .refine((v) => v.yearFrom === undefined || v.yearTo === undefined || v.yearFrom <= v.yearTo, {
    message: LIBRARY_MSG.yearRange,
    path: ['yearTo'],
  });
export type TTitleSearch = z.input<typeof ZTitleSearch>;

/** Finding a patron at the desk by roll number, employee code or name. */
export const ZPatronSearch = z.object({
  q: z.string().trim().min(2, 'Type at least 2 letters of the roll number or name').max(60),
});

/** The desk places a hold for a patron it picked (the form's schema; the call is ZHoldRequest). */
export const ZDeskHold = z.object({
  patron: z.string({ message: LIBRARY_MSG.choosePatron }).trim().min(1, LIBRARY_MSG.choosePatron).max(40),
  titleId: z.number({ message: LIBRARY_MSG.chooseTitle }).int().min(1, LIBRARY_MSG.chooseTitle),
});
export type TDeskHold = z.infer<typeof ZDeskHold>;

/** Circulation-rule choices, as Koha's chargeperiod_charge_at and its two fine caps. */
export const FINE_ROUNDINGS = ['whole', 'part'] as const;
export const FINE_CAP_KINDS = ['none', 'amount', 'price'] as const;
export const FINE_ROUNDING_LABELS: Record<(typeof FINE_ROUNDINGS)[number], string> = {
  whole: 'Whole periods only',
  part: 'Part period rounds up',
};
export const FINE_CAP_KIND_LABELS: Record<(typeof FINE_CAP_KINDS)[number], string> = {
  none: 'No cap',
  amount: 'Cap amount',
  price: 'Copy’s price',
};

export const ZRule = z.object({
  category: z.string().trim().min(1, 'Category is required').max(20),
  itemType: z.union([z.enum(ITEM_TYPES), z.literal('*')], { message: 'Item type must be book, reference, journal, cd or *' }),
  maxLoans: z.number().int().min(0, 'Maximum items cannot be negative').max(100),
  loanDays: z.number().int().min(1, 'Loan period must be at least 1 day').max(365),
  renewals: z.number().int().min(0).max(20),
  graceDays: z.number().int().min(0).max(60),
  finePerPeriod: paise('Fine per period'),
  finePeriodDays: z.number().int().min(1, 'Fine period must be at least 1 day').max(365),
  fineCap: paise('Fine cap'),
  /** 'whole': whole charge periods only (Koha's default); 'part': a part period counts as a whole one */
  fineRounding: z.enum(FINE_ROUNDINGS, { message: 'Fine rounding is whole periods or part period' }).default('whole'),
  /** what stops a fine: nothing (Koha's default), the fine cap amount, or the copy's price */
  fineCapKind: z.enum(FINE_CAP_KINDS, { message: 'Fine cap is none, an amount or the copy’s price' }).default('none'),
  blockFineTotal: paise('Blocking fine total'),
  holdLimit: z.number().int().min(0).max(50),
  holdShelfDays: z.number().int().min(1, 'A hold waits at least 1 day').max(60),
  lostProcessingFee: paise('Processing charge'),
});
export type TRule = z.infer<typeof ZRule>;

const rule = (category: string, itemType: string, r: Omit<TRule, 'category' | 'itemType'>): TRule => ({
  category,
  itemType: itemType as TRule['itemType'],
  ...r,
});
const base = {
  graceDays: 0,
  finePerPeriod: 100,
  finePeriodDays: 1,
  fineCap: 10_000,
  fineRounding: 'whole' as const,
  fineCapKind: 'amount' as const,
  blockFineTotal: 20_000,
  holdShelfDays: 3,
  lostProcessingFee: 10_000,
};

/** A college's rules until the librarian changes them: fines in paise (₹1 a working day, capped at ₹100). */
export const LIBRARY_DEFAULT_RULES: TRule[] = [
  rule('*', '*', { ...base, maxLoans: 2, loanDays: 14, renewals: 1, holdLimit: 2 }),
  rule('UG', '*', { ...base, maxLoans: 4, loanDays: 14, renewals: 2, holdLimit: 3 }),
  rule('UG', 'journal', { ...base, maxLoans: 1, loanDays: 3, renewals: 0, holdLimit: 3, finePerPeriod: 200 }),
  rule('PG', '*', { ...base, maxLoans: 6, loanDays: 21, renewals: 2, holdLimit: 4 }),
  rule('FACULTY', '*', {
    ...base,
    maxLoans: 10,
    loanDays: 90,
    renewals: 3,
    holdLimit: 6,
    finePerPeriod: 0,
    blockFineTotal: 50_000,
  }),
  rule('STAFF', '*', { ...base, maxLoans: 3, loanDays: 30, renewals: 1, holdLimit: 2 }),
];

export const ZCategory = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Category code is required')
    .max(20)
    .regex(/^[A-Z0-9_]+$/, 'Category codes are capitals, digits and _'),
  name: z.string().trim().min(1, 'Category name is required').max(80),
});

export const ZRulesInput = z.object({ categories: z.array(ZCategory).min(1).max(50), rules: z.array(ZRule).min(1).max(500) });
export type TRulesInput = z.infer<typeof ZRulesInput>;
export const ZRules = ZRulesInput.extend({ itemTypes: z.array(z.string()) });
export type TRules = z.infer<typeof ZRules>;

export const ZLoanRequest = z.object({
  patron: z.string().trim().min(1, 'Scan or type the patron').max(40),
  barcode: z.string().trim().min(1, 'Scan or type the accession number').max(40),
});
export type TLoanRequest = z.infer<typeof ZLoanRequest>;
export const ZReturnRequest = z.object({ barcode: z.string().trim().min(1, 'Scan or type the accession number').max(40) });
export const ZHoldRequest = z.object({
  titleId: z.number({ message: 'titleId must be a number' }).int().min(1),
  patron: z.string().trim().max(40).optional(),
});
export const ZHoldCancel = z.object({ id: z.number({ message: 'id must be a number' }).int().min(1) });
export const ZWaiveRequest = z.object({ reason: z.string().trim().min(3, 'Give the reason for the waiver').max(300) });
export const ZPatronParams = z.object({ patron: z.string().trim().min(1).max(40) });
export const ZBarcodeParams = z.object({ barcode: z.string().trim().min(1).max(40) });
export const ZLabelsQuery = z.object({
  from: z.string().trim().min(1, 'Give the first accession number').max(40),
  to: z.string().trim().max(40).optional(),
  layout: z.enum(['3x8', '4x10'], { message: 'Layout must be 3x8 or 4x10' }).default('3x8'),
});
export const ZCardsQuery = z.object({
  codes: z.string().trim().max(10_000).optional(),
  batch: z.string().trim().max(20).optional(),
});
/** Allowances an override may set for one patron, whatever their category's rule says. */
export const OVERRIDE_ALLOWANCES = ['maxLoans', 'loanDays', 'renewals', 'holdLimit'] as const;
export type TOverrideAllowance = (typeof OVERRIDE_ALLOWANCES)[number];
export const OVERRIDE_ALLOWANCE_LABELS: Record<TOverrideAllowance, string> = {
  maxLoans: 'Items on loan',
  loanDays: 'Loan period (days)',
  renewals: 'Renewals',
  holdLimit: 'Holds',
};
const allowance = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} is at most ${max}`)
    .nullable()
    .default(null);

export const OVERRIDE_MSG = {
  reason: 'Give the reason for the override',
  nothing: 'Choose a category, an allowance or a borrowing end date to override',
  endsPast: 'The override must end today or later',
  endsAfterMembership: "The override cannot end after the patron's borrowing end date",
  noOverride: 'This patron has no override to remove',
  sameCategory: 'The patron is already in this category: choose another or leave it as it is',
} as const;

/**
 * The incharge's override of a patron: another category, specific allowances and/or another
 * borrowing end date, with a reason and an optional day the override ends. null = the default.
 */
export const ZPatronOverrideInput = z.object({
  category: z.string().trim().toUpperCase().max(20).nullable().default(null),
  expiresOn: ZIsoDate('Borrowing end date').nullable().default(null),
  maxLoans: allowance('Items on loan', 0, 100),
  loanDays: allowance('Loan period', 1, 365),
  renewals: allowance('Renewals', 0, 20),
  holdLimit: allowance('Holds', 0, 50),
  endsOn: ZIsoDate('Override end date').nullable().default(null),
  reason: z
    .string({ message: OVERRIDE_MSG.reason })
    .trim()
    .min(3, OVERRIDE_MSG.reason)
    .max(300, 'The reason is at most 300 characters'),
});
export type TPatronOverrideInput = z.input<typeof ZPatronOverrideInput>;
export const ZPatronOverrideRemove = z.object({
  reason: z
    .string({ message: 'Give the reason for removing the override' })
    .trim()
    .min(3, 'Give the reason for removing the override')
    .max(300),
});
export const ZPatronOverride = z.object({
  patron: z.string(),
  name: z.string(),
  category: z.string(),
  expiresOn: z.string().nullable(),
  message: z.string(),
});
export type TPatronOverride = z.infer<typeof ZPatronOverride>;

const ZAllowances = z.object({
  maxLoans: z.number(),
  loanDays: z.number(),
  renewals: z.number(),
  holdLimit: z.number(),
  graceDays: z.number(),
  finePerPeriod: z.number(),
  finePeriodDays: z.number(),
  fineCap: z.number(),
  blockFineTotal: z.number(),
});
export type TAllowances = z.infer<typeof ZAllowances>;

/** What the override screen shows of a patron: the category's rule, the override and its history. */
export const ZPatronOverrideDetail = z.object({
  patron: z.object({ code: z.string(), name: z.string(), kind: z.string(), detail: z.string() }),
  defaultCategory: z.string(),
  defaultExpiresOn: z.string().nullable(),
  category: z.string(),
  categoryName: z.string(),
  expiresOn: z.string().nullable(),
  /** the category's own allowances (items of any type) */
  ruleAllowances: ZAllowances,
  /** what the desk applies now */
  allowances: ZAllowances,
  overridden: z.array(z.string()),
  override: z
    .object({
      category: z.string().nullable(),
      expiresOn: z.string().nullable(),
      maxLoans: z.number().nullable(),
      loanDays: z.number().nullable(),
      renewals: z.number().nullable(),
      holdLimit: z.number().nullable(),
      endsOn: z.string().nullable(),
      reason: z.string(),
      updatedAt: z.string(),
      /** the end date has passed: the patron is back on the defaults */
      lapsed: z.boolean(),
    })
    .nullable(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
  history: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      username: z.string(),
      action: z.string(),
      reason: z.string(),
      before: z.unknown().nullable(),
      after: z.unknown().nullable(),
    }),
  ),
});
export type TPatronOverrideDetail = z.infer<typeof ZPatronOverrideDetail>;
/** The report draws one row per day from `from` to `to`: a bounded range (see the service for defaults). */
export const ZReportQuery = z
  .object({ from: ZIsoDate('from').optional(), to: ZIsoDate('to').optional() })
  .superRefine(dateRange({ from: 'from', to: 'to', maxDays: MAX_DAY_SPAN }));

// ---------- responses ----------

export const ZCopy = z.object({
  id: z.number(),
  titleId: z.number(),
  accessionNo: z.string(),
  shelfLocation: z.string(),
  status: z.string(),
  price: z.number(),
  vendor: z.string(),
  acquiredOn: z.string(),
  dueOn: z.string().nullable(),
});
export type TCopy = z.infer<typeof ZCopy>;

export const ZTitle = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  authors: z.string(),
  isbn: z.string().nullable(),
  publisher: z.string(),
  year: z.number().nullable(),
  edition: z.string(),
  subjects: z.string(),
  callNumber: z.string(),
  language: z.string(),
  pages: z.number().nullable(),
  itemType: z.string(),
  copies: z.number(),
  available: z.number(),
  shelfLocations: z.array(z.string()),
  holds: z.number(),
});
export type TTitle = z.infer<typeof ZTitle>;
/**
 * In order of relevance: the words as a phrase in the title, then all of them in the title, then
 * elsewhere (authors, subjects...), A–Z within each. capped: more than `total` titles match (add
 * words or a filter to narrow); the first found are ranked.
 */
export const ZTitleList = z.object({ total: z.number(), capped: z.boolean(), items: z.array(ZTitle) });
export type TTitleList = z.infer<typeof ZTitleList>;
export const ZTitleDetail = ZTitle.extend({ copyList: z.array(ZCopy) });
export type TTitleDetail = z.infer<typeof ZTitleDetail>;
export const ZTitleSaved = z.object({ title: ZTitle, merged: z.boolean(), message: z.string() });
/** A copy after the desk changed it, and what happened (a loss charged to the borrower says how much). */
export const ZCopyUpdated = ZCopy.extend({ message: z.string() });
export type TCopyUpdated = z.infer<typeof ZCopyUpdated>;

/** A copy as the public OPAC shows it: no price or vendor. */
export const ZOpacCopy = ZCopy.pick({ id: true, accessionNo: true, shelfLocation: true, status: true, dueOn: true });
export type TOpacCopy = z.infer<typeof ZOpacCopy>;
/** The OPAC's title page: every field and the copies in the collection (not lost or withdrawn). */
export const ZOpacTitle = ZTitle.extend({ copyList: z.array(ZOpacCopy) });
export type TOpacTitle = z.infer<typeof ZOpacTitle>;
/** The subjects the OPAC offers as a filter, most used first. */
export const ZOpacSubjects = z.object({ subjects: z.array(z.object({ subject: z.string(), titles: z.number() })) });
export type TOpacSubjects = z.infer<typeof ZOpacSubjects>;

export const ZPatronMatch = z.object({ code: z.string(), name: z.string(), kind: z.enum(['student', 'staff']), detail: z.string() });
export type TPatronMatch = z.infer<typeof ZPatronMatch>;
export const ZPatronMatches = z.object({ items: z.array(ZPatronMatch) });
export const ZCopiesAdded = z.object({ copies: z.array(ZCopy), message: z.string() });

export const ZLoan = z.object({
  id: z.number(),
  copyId: z.number(),
  accessionNo: z.string(),
  titleId: z.number(),
  title: z.string(),
  patron: z.string(),
  patronName: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  returnedOn: z.string().nullable(),
  renewals: z.number(),
  renewalsLeft: z.number(),
  status: z.string(),
  overdueDays: z.number(),
  fine: z.number(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZHold = z.object({
  id: z.number(),
  titleId: z.number(),
  title: z.string(),
  patron: z.string(),
  patronName: z.string(),
  status: z.string(),
  position: z.number(),
  placedAt: z.string(),
  accessionNo: z.string().nullable(),
  readyOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
});
export type THold = z.infer<typeof ZHold>;

export const ZFine = z.object({
  id: z.number(),
  patron: z.string(),
  patronName: z.string(),
  loanId: z.number().nullable(),
  title: z.string(),
  accessionNo: z.string(),
  kind: z.string(),
  amount: z.number(),
  overdueDays: z.number(),
  /** unpaid | part_paid (partly paid: see outstanding) | paid | waived */
  status: z.string(),
  paidAmount: z.number(),
  waivedAmount: z.number(),
  /** still owed (paise) */
  outstanding: z.number(),
  receiptNo: z.number().nullable(),
  paidAt: z.string().nullable(),
  waiveReason: z.string(),
  createdAt: z.string(),
});
export type TFine = z.infer<typeof ZFine>;

export const ZPatron = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['student', 'staff']),
  category: z.string(),
  categoryName: z.string(),
  detail: z.string(),
  contact: z.string(),
  expiresOn: z.string().nullable(),
  maxLoans: z.number(),
  unpaidFines: z.number(),
  accruingFines: z.number(),
  blocks: z.array(z.string()),
});
export type TPatron = z.infer<typeof ZPatron>;

export const ZPatronView = z.object({
  patron: ZPatron,
  loans: z.array(ZLoan),
  holds: z.array(ZHold),
  /** newest first, cut at the server's cap (`total` counts all the patron's fines) */
  fines: capped(ZFine),
  history: z.array(ZLoan),
});
export type TPatronView = z.infer<typeof ZPatronView>;

export const ZReturnResult = z.object({
  loan: ZLoan,
  fine: ZFine.nullable(),
  hold: ZHold.nullable(),
  message: z.string(),
});
export type TReturnResult = z.infer<typeof ZReturnResult>;

export const ZFineSettled = z.object({ fine: ZFine, message: z.string() });

/** How a fine is paid at the desk; the receipt prints it. Anything but cash needs its reference. */
export const FINE_PAYMENT_MODES = ['cash', 'upi', 'card', 'cheque', 'dd', 'bank_transfer'] as const;
export const FINE_PAYMENT_MODE_LABELS: Record<(typeof FINE_PAYMENT_MODES)[number], string> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  cheque: 'Cheque',
  dd: 'Demand draft',
  bank_transfer: 'Bank transfer',
};
export const ZFinePayment = z
  .object({
    mode: z.enum(FINE_PAYMENT_MODES, { message: 'Choose how the fine was paid' }),
    reference: z.string().trim().max(60, 'The reference is too long').optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'cash' && !v.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Enter the reference (UPI reference, card slip or cheque number)' });
  });
export type TFinePayment = z.infer<typeof ZFinePayment>;
export type TFinePaymentInput = z.input<typeof ZFinePayment>;
export const ZHoldShelf = z.object({ ready: z.array(ZHold), expired: z.array(ZHold), waiting: z.array(ZHold) });
export type THoldShelf = z.infer<typeof ZHoldShelf>;

export const ZCopyHistory = z.object({ copy: ZCopy, title: z.string(), loans: z.array(ZLoan) });
export type TCopyHistory = z.infer<typeof ZCopyHistory>;

export const ZLibraryImportReport = z.object({
  format: z.enum(['excel', 'marc', 'marcxml']),
  dryRun: z.boolean(),
  records: z.number(),
  titlesCreated: z.number(),
  titlesMerged: z.number(),
  copiesCreated: z.number(),
  rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});
export type TLibraryImportReport = z.infer<typeof ZLibraryImportReport>;

export const ZLibraryReport = z.object({
  naac: z.object({
    titles: z.number(),
    volumes: z.number(),
    journals: z.number(),
    references: z.number(),
    loansInPeriod: z.number(),
    workingDays: z.number(),
    usagePerDay: z.number(),
  }),
  perDay: z.array(z.object({ date: z.string(), issued: z.number(), returned: z.number() })),
  perMonth: z.array(z.object({ month: z.string(), issued: z.number() })),
  topTitles: z.array(z.object({ titleId: z.number(), title: z.string(), loans: z.number() })),
  bySubject: z.array(z.object({ subject: z.string(), titles: z.number(), volumes: z.number() })),
  overdue: z.number(),
  unpaidFines: z.number(),
});
export type TLibraryReport = z.infer<typeof ZLibraryReport>;

export const ZLibraryStats = z.object({
  titles: z.number(),
  copies: z.number(),
  onLoan: z.number(),
  overdue: z.number(),
  holdsWaiting: z.number(),
  holdShelf: z.number(),
});
export type TLibraryStats = z.infer<typeof ZLibraryStats>;

export { LIBRARY_PATHS } from './module-paths.js';
