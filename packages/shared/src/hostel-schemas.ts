import { z } from 'zod';
import { ZPostedCharge } from './accounts-schemas.js';
import { capped, ZIsoDate, ZLocalDateTime } from './common-schemas.js';
import { LEAVING_BASES } from './leaving-charge.js';
import { LEADERSHIP_ROLES, ROLES, type Role } from './roles.js';

/** Who runs the hostel office: the incharge (warden) and the admin. */
export const HOSTEL_STAFF_ROLES: Role[] = [ROLES.HOSTEL_INCHARGE, ROLES.ADMIN];
/** Calls a student makes for themselves (apply, transfer request, out-pass) and the office makes for them. */
export const HOSTEL_USER_ROLES: Role[] = [...HOSTEL_STAFF_ROLES, ROLES.STUDENT];
/** Who reads the occupancy board: the office, and leadership (their hostel figures drill to it); only the office allots. */
export const HOSTEL_BOARD_ROLES: Role[] = [...HOSTEL_STAFF_ROLES, ...LEADERSHIP_ROLES];

export const HOSTEL_KINDS = ['BOYS', 'GIRLS', 'STAFF'] as const;
export type THostelKind = (typeof HOSTEL_KINDS)[number];
export const HOSTEL_KIND_LABELS: Record<THostelKind, string> = { BOYS: 'Boys', GIRLS: 'Girls', STAFF: 'Staff' };

export const OUTPASS_KINDS = ['OUTING', 'HOME'] as const;
export const OUTPASS_KIND_LABELS: Record<(typeof OUTPASS_KINDS)[number], string> = { OUTING: 'Outing', HOME: 'Home leave' };
export const OUTPASS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'OUT', 'RETURNED'] as const;
export const BED_STATUSES = ['free', 'occupied', 'reserved'] as const;
export type TBedStatus = (typeof BED_STATUSES)[number];

export const HOSTEL_MSG = {
  buildingExists: 'A building with this name already exists',
  buildingNotFound: 'Building not found',
  roomsExist: (rooms: string[]) =>
    `These rooms already exist in the building: ${rooms.slice(0, 10).join(', ')}${rooms.length > 10 ? '…' : ''}`,
  tooManyRooms: 'At most 1,000 rooms can be created at once',
  bedNotFound: 'Bed not found',
  bedTaken: 'This bed is already allotted to another student',
  bedReserved: 'This bed is reserved; release it before allotting it',
  bedOccupied: 'This bed has a resident; it cannot be reserved',
  studentNotFound: 'Student not found',
  noStudentLink: 'No student record is linked to this login',
  genderMismatch: (kind: string, gender: string) =>
    `A ${gender.toLowerCase()} student cannot be allotted a bed in a ${kind.toLowerCase()} hostel`,
  staffBuilding: 'Students cannot be allotted a bed in a staff quarters building',
  alreadyResident: 'This student already holds a bed; transfer or vacate it first',
  applicationExists: 'An application for this academic year already exists',
  applicationNotFound: 'Application not found',
  applicationClosed: 'This application has already been decided',
  applicationOther: 'The application belongs to another student',
  allotmentNotFound: 'Allotment not found',
  notActive: 'This allotment has already been vacated',
  cancelled: 'This allotment was cancelled',
  cancelReason: 'Give the reason for cancelling (at least 5 characters)',
  letterCancelled: 'This allotment was cancelled; it has no allotment letter',
  sameBed: 'The student already holds this bed',
  duesPending: (rupees: string) => `Hostel dues of ${rupees} are unpaid; clear them or override with a reason to vacate`,
  vacateBeforeAllotment: 'The vacate date cannot be before the allotment date',
  overpaid: (rupees: string) => `The payment is more than the ${rupees} due`,
  overWaived: (rupees: string) => `The waiver is more than the ${rupees} due`,
  waiverProposed: (amount: string, dues: string) =>
    `Waiver of ${amount} sent to the accounts office for approval; ${dues} due until it is approved`,
  nothingDue: 'Nothing is due',
  transferPending: 'A transfer request is already pending',
  requestNotFound: 'Transfer request not found',
  requestClosed: 'This request has already been decided',
  requestOther: 'The request is for another allotment',
  noAllotment: 'The student has no hostel bed',
  outpassNotFound: 'Out-pass not found',
  outpassBadTimes: 'The return time must be after the leaving time',
  outpassState: (status: string) => `This out-pass is ${status.toLowerCase()}; that step does not apply`,
  outpassOpen: 'The student already has an out-pass that is pending, approved or out',
} as const;

const localTime = (label: string) => ZLocalDateTime(label, { invalid: 'Times are yyyy-mm-ddThh:mm' });
const academicYearField = z.string().regex(/^\d{4}-\d{4}$/, 'The academic year is like 2025-2026');
const mobile = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number');
const optionalMobile = z.union([mobile, z.literal('')]);
const id = z.coerce.number().int().min(1, 'Choose one').max(2_000_000_000);
const paise = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} is in paise (whole number)`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000_00, `${label} is too large`);

// Buildings and rooms.
export const ZBuildingCreate = z.object({
  name: z.string().trim().min(2, 'Enter the building name').max(80, 'The name is too long'),
  kind: z.enum(HOSTEL_KINDS, { message: 'Choose boys, girls or staff' }),
  wardenName: z.string().trim().max(120, 'The name is too long').default(''),
  wardenPhone: optionalMobile.default(''),
});
export type TBuildingCreate = z.input<typeof ZBuildingCreate>;

export const ZBuildingStats = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  wardenName: z.string(),
  wardenPhone: z.string(),
  floors: z.array(z.number()),
  rooms: z.number(),
  beds: z.number(),
  occupied: z.number(),
  reserved: z.number(),
  free: z.number(),
  occupancyPct: z.number(),
  vacancyPct: z.number(),
});
export type TBuildingStats = z.infer<typeof ZBuildingStats>;
export const ZBuildingList = z.array(ZBuildingStats);

export const ZRoomsBulk = z
  .object({
    floorFrom: z.coerce.number().int().min(0, 'Floors start at 0 (ground)').max(30, 'At most 30 floors'),
    floorTo: z.coerce.number().int().min(0, 'Floors start at 0 (ground)').max(30, 'At most 30 floors'),
    roomFrom: z.coerce.number().int().min(1, 'Rooms start at 01').max(99, 'Rooms go up to 99'),
    roomTo: z.coerce.number().int().min(1, 'Rooms start at 01').max(99, 'Rooms go up to 99'),
    sharing: z.coerce.number().int().min(1, 'Sharing is 1 to 6').max(6, 'Sharing is 1 to 6'),
    ac: z.boolean().default(false),
    yearlyFee: paise('The yearly fee'),
  })
  .refine((v) => v.floorTo >= v.floorFrom, { message: 'The last floor is before the first', path: ['floorTo'] })
  .refine((v) => v.roomTo >= v.roomFrom, { message: 'The last room is before the first', path: ['roomTo'] });
export type TRoomsBulk = z.input<typeof ZRoomsBulk>;
export const ZRoomsBulkResult = z.object({
  message: z.string(),
  rooms: z.number(),
  beds: z.number(),
  first: z.string(),
  last: z.string(),
});

/** Room number of floor f and room n: 101..120 on floor 1, G01.. on the ground floor. */
export const roomNumber = (floor: number, n: number) => `${floor === 0 ? 'G' : floor}${String(n).padStart(2, '0')}`;

export const ZBedReserve = z.object({ reserved: z.boolean(), note: z.string().trim().max(200).default('') });
export const ZHostelMessage = z.object({ message: z.string() });

// Occupancy board.
export const ZOccupancyQuery = z.object({
  buildingId: id.optional(),
  floor: z.coerce.number().int().min(0).max(30).optional(),
  status: z.enum(BED_STATUSES, { message: 'Status is free, occupied or reserved' }).optional(),
  sharing: z.coerce.number().int().min(1).max(6).optional(),
  ac: z.enum(['yes', 'no']).optional(),
});
export type TOccupancyQuery = z.infer<typeof ZOccupancyQuery>;
export const ZBoardBed = z.object({
  id: z.number(),
  label: z.string(),
  status: z.enum(BED_STATUSES),
  note: z.string(),
  allotmentId: z.number().nullable(),
  rollNo: z.string().nullable(),
  name: z.string().nullable(),
});
export const ZBoardRoom = z.object({
  id: z.number(),
  buildingId: z.number(),
  floor: z.number(),
  roomNo: z.string(),
  sharing: z.number(),
  ac: z.boolean(),
  yearlyFee: z.number(),
  beds: z.array(ZBoardBed),
});
export type TBoardRoom = z.infer<typeof ZBoardRoom>;
export type TBoardBed = z.infer<typeof ZBoardBed>;
export const ZOccupancy = z.object({ buildings: z.array(ZBuildingStats), rooms: z.array(ZBoardRoom) });
export type TOccupancy = z.infer<typeof ZOccupancy>;

// Applications.
export const ZApplicationCreate = z.object({
  rollNo: z.string().trim().max(30).optional(),
  academicYear: academicYearField,
  preferredBuildingId: id.nullable().optional(),
  preferredSharing: z.coerce.number().int().min(1).max(6).nullable().optional(),
  prefersAc: z.boolean().default(false),
  guardianName: z.string().trim().min(2, 'Enter the parent or guardian name').max(120),
  guardianMobile: mobile,
  notes: z.string().trim().max(500).default(''),
});
export type TApplicationCreate = z.input<typeof ZApplicationCreate>;
export const ZHostelApplication = z.object({
  id: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  gender: z.string(),
  branch: z.string(),
  academicYear: z.string(),
  preferredBuildingId: z.number().nullable(),
  preferredBuilding: z.string().nullable(),
  preferredSharing: z.number().nullable(),
  prefersAc: z.boolean(),
  guardianName: z.string(),
  guardianMobile: z.string(),
  notes: z.string(),
  status: z.string(),
  decisionNote: z.string(),
  createdAt: z.string(),
});
export type THostelApplication = z.infer<typeof ZHostelApplication>;
export const ZApplicationsQuery = z.object({
  status: z.enum(['PENDING', 'ALLOTTED', 'REJECTED']).optional(),
  academicYear: academicYearField.optional(),
});
/** Oldest first, cut at the server's cap (`total` counts every application the filters match). */
export const ZApplicationList = capped(ZHostelApplication);
export const ZHostelDecision = z.object({ note: z.string().trim().min(3, 'Give a reason').max(300) });

// The free beds offered for an application, its preferences first.
export const ZBedOfferQuery = z.object({ buildingId: id.optional() });
export const ZOfferedBed = z.object({
  id: z.number(),
  buildingId: z.number(),
  building: z.string(),
  floor: z.number(),
  roomNo: z.string(),
  label: z.string(),
  sharing: z.number(),
  ac: z.boolean(),
  yearlyFee: z.number(),
  /** true when the bed meets every preference the application states */
  matches: z.boolean(),
  /** the preferences it misses, in words ("Not AC"), empty when it matches */
  unmet: z.array(z.string()),
});
export type TOfferedBed = z.infer<typeof ZOfferedBed>;
export const ZBedOffer = z.object({
  /** what the application asked for, in words; empty when it states no preference */
  preferences: z.array(z.string()),
  beds: z.array(ZOfferedBed),
});
export type TBedOffer = z.infer<typeof ZBedOffer>;

// Allotments.
export const ZAllotmentCreate = z
  .object({
    studentId: id.optional(),
    rollNo: z.string().trim().max(30).optional(),
    bedId: id,
    academicYear: academicYearField.optional(),
    fromDate: ZIsoDate('From date').optional(),
    applicationId: id.optional(),
    guardianName: z.string().trim().max(120).optional(),
    guardianMobile: optionalMobile.optional(),
  })
  .refine((v) => v.studentId !== undefined || !!v.rollNo, { message: 'Choose the student', path: ['rollNo'] });
export type TAllotmentCreate = z.input<typeof ZAllotmentCreate>;

export const ZAllotment = z.object({
  id: z.number(),
  allotmentNo: z.string(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  gender: z.string(),
  branch: z.string(),
  batch: z.string(),
  mobile: z.string(),
  academicYear: z.string(),
  buildingId: z.number(),
  building: z.string(),
  floor: z.number(),
  roomNo: z.string(),
  bedId: z.number(),
  bedLabel: z.string(),
  status: z.string(),
  fromDate: z.string(),
  vacatedOn: z.string().nullable(),
  guardianName: z.string(),
  guardianMobile: z.string(),
});
export type TAllotment = z.infer<typeof ZAllotment>;
export const ZAllotmentCreated = ZAllotment.extend({
  message: z.string(),
  dues: z.number(),
  /** the caution deposit charged with the allotment (0: the college takes none) */
  depositPaise: z.number(),
});

export const ZAllotmentsQuery = z.object({
  status: z.enum(['ACTIVE', 'VACATED', 'CANCELLED', 'ALL']).default('ACTIVE'),
  buildingId: id.optional(),
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TAllotmentsQuery = z.input<typeof ZAllotmentsQuery>;
export const ZAllotmentPage = z.object({ rows: z.array(ZAllotment), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAllotmentPage = z.infer<typeof ZAllotmentPage>;

export const ZHostelLedgerLine = z.object({
  id: z.number(),
  kind: z.string(),
  description: z.string(),
  amount: z.number(),
  date: z.string(),
});
export const ZBedHistory = z.object({
  bedId: z.number(),
  building: z.string(),
  roomNo: z.string(),
  bedLabel: z.string(),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  reason: z.string(),
});
export const ZAllotmentDetail = ZAllotment.extend({
  history: z.array(ZBedHistory),
  charges: z.array(ZHostelLedgerLine),
  receipts: z.array(ZHostelLedgerLine),
  /** the hostel's charges as the accounts ledger holds them (paid at either office, waived) */
  posted: z.array(ZPostedCharge),
  dues: z.number(),
  /** the caution deposit charged with this allotment (0: none) */
  depositPaise: z.number(),
  overrideReason: z.string(),
  /** the checkout note, or the reason an allotment was cancelled */
  vacateNote: z.string(),
});
export type TAllotmentDetail = z.infer<typeof ZAllotmentDetail>;

export const ZRoomTransfer = z.object({
  bedId: id,
  reason: z.string().trim().min(3, 'Give the reason for the transfer').max(300),
  requestId: id.optional(),
  date: ZIsoDate('Transfer date').optional(),
});
export type TRoomTransfer = z.input<typeof ZRoomTransfer>;

export const ZVacate = z.object({
  date: ZIsoDate('Vacate date'),
  damages: z
    .array(
      z.object({
        description: z.string().trim().min(2, 'Describe the damage').max(200),
        amount: z.coerce.number().int('Amounts are in paise').min(1, 'A damage amount must be more than zero').max(10_000_000),
      }),
    )
    .max(20)
    .default([]),
  /** paid at the counter during checkout (paise), recorded as a receipt before dues are checked */
  collected: z.coerce
    .number()
    .int('Amounts are in paise')
    .min(0, 'The amount collected cannot be negative')
    .max(10_000_000_00)
    .default(0),
  overrideReason: z.string().trim().max(300).default(''),
  note: z.string().trim().max(300).default(''),
});
export type TVacate = z.input<typeof ZVacate>;

/**
 * What leaving on a date does to the student's hostel charges: the room fee kept by the college's
 * leaving policy, the caution deposit given back, damages set against it. The vacate preview and
 * the vacate itself answer these same figures from one calculation.
 */
export const ZLeavingFigures = z.object({
  date: z.string(),
  basis: z.enum(LEAVING_BASES),
  /** the academic year the room fee is for */
  periodFrom: z.string(),
  periodTo: z.string(),
  /** the room fee for the year (after any concession) and what the college keeps of it */
  feePaise: z.number(),
  feeKeptPaise: z.number(),
  depositPaise: z.number(),
  depositPaidPaise: z.number(),
  damagesPaise: z.number(),
  /** money already paid that the cut frees: it becomes the student's excess credit in the accounts ledger */
  releasedPaise: z.number(),
  /** the paid deposit left after the hostel dues (damages first) are set against it */
  depositBackPaise: z.number(),
  /** what the student still owes the hostel after all this (before money collected at checkout) */
  owedPaise: z.number(),
  /** what the accounts office gives back (or sets against the student's other dues) */
  refundPaise: z.number(),
});
export type TLeavingFigures = z.infer<typeof ZLeavingFigures>;
export const ZVacatePreviewQuery = z.object({
  date: ZIsoDate('Vacate date'),
  /** damages about to be charged, in paise */
  damages: z.coerce
    .number({ message: 'Damages must be a number' })
    .int('Amounts are in paise')
    .min(0, 'Damages cannot be negative')
    .max(200_000_000)
    .default(0),
});
export const ZVacateResult = z
  .object({ message: z.string(), dues: z.number(), overridden: z.boolean() })
  .extend(ZLeavingFigures.shape);
export type TVacateResult = z.infer<typeof ZVacateResult>;

/** Undoing an allotment made by mistake. */
export const ZAllotmentCancel = z.object({
  reason: z.string().trim().min(5, HOSTEL_MSG.cancelReason).max(300, 'The reason is too long'),
});
export type TAllotmentCancel = z.input<typeof ZAllotmentCancel>;
export const ZAllotmentCancelResult = z.object({
  message: z.string(),
  /** the charges taken off the student (room fee and deposit, paid or not) */
  waivedPaise: z.number(),
  /** of which money already paid: now excess credit for the accounts office to refund or adjust */
  releasedPaise: z.number(),
});

export const ZHostelPayment = z.object({
  amount: z.coerce.number().int('Amounts are in paise').min(1, 'Enter the amount paid').max(10_000_000_00),
  kind: z.enum(['PAYMENT', 'WAIVER']).default('PAYMENT'),
  mode: z.string().trim().max(20).default('Cash'),
  reference: z.string().trim().max(60).default(''),
  paidOn: ZIsoDate('Payment date').optional(),
});
export type THostelPayment = z.input<typeof ZHostelPayment>;
export const ZHostelPaymentResult = z.object({ message: z.string(), dues: z.number() });

// Transfer requests.
export const ZTransferRequestCreate = z.object({
  reason: z.string().trim().min(5, 'Tell the warden why you want to move').max(300),
  preferredBuildingId: id.nullable().optional(),
});
export const ZTransferRequest = z.object({
  id: z.number(),
  allotmentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  building: z.string(),
  roomNo: z.string(),
  bedLabel: z.string(),
  reason: z.string(),
  preferredBuilding: z.string().nullable(),
  status: z.string(),
  decisionNote: z.string(),
  createdAt: z.string(),
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;
/** Newest first, cut at the server's cap (`total` counts every request the filters match). */
export const ZTransferRequestList = capped(ZTransferRequest);

// Out-passes.
export const ZOutpassCreate = z
  .object({
    rollNo: z.string().trim().max(30).optional(),
    kind: z.enum(OUTPASS_KINDS, { message: 'Choose outing or home leave' }),
    purpose: z.string().trim().min(3, 'Give the purpose').max(200),
    destination: z.string().trim().max(120).default(''),
    leaveAt: localTime('Leaving time'),
    returnBy: localTime('Return time'),
  })
  .refine((v) => v.returnBy > v.leaveAt, { message: HOSTEL_MSG.outpassBadTimes, path: ['returnBy'] });
export type TOutpassCreate = z.input<typeof ZOutpassCreate>;
export const ZOutpass = z.object({
  id: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  building: z.string().nullable(),
  roomNo: z.string().nullable(),
  kind: z.string(),
  purpose: z.string(),
  destination: z.string(),
  leaveAt: z.string(),
  returnBy: z.string(),
  status: z.string(),
  outAt: z.string().nullable(),
  inAt: z.string().nullable(),
  decisionNote: z.string(),
  late: z.boolean(),
  guardianMobile: z.string(),
});
export type TOutpass = z.infer<typeof ZOutpass>;
export const ZOutpassesQuery = z.object({
  status: z.enum(OUTPASS_STATUSES).optional(),
  late: z.enum(['yes']).optional(),
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(100000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Ask for at least 1 out-pass a page')
    .max(100, 'At most 100 out-passes a page')
    .default(25),
});
/** One page of the register, the latest leaving first, and how many out-passes match. */
export const ZOutpassPage = z.object({ items: z.array(ZOutpass), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZOutpassStep = z.object({ note: z.string().trim().max(300).default(''), at: localTime('Time').optional() });
export const OUTPASS_STEPS = ['approve', 'reject', 'out', 'return'] as const;
export const ZOutpassStepParams = z.object({ id, step: z.enum(OUTPASS_STEPS) });

// The student's own page and the incharge's counts.
export const ZMyHostel = z.object({
  student: z.object({ rollNo: z.string(), name: z.string(), gender: z.string() }),
  applications: z.array(ZHostelApplication),
  allotment: ZAllotmentDetail.nullable(),
  transferRequests: z.array(ZTransferRequest),
  outpasses: z.array(ZOutpass),
});
export type TMyHostel = z.infer<typeof ZMyHostel>;

export const ZHostelSummary = z.object({
  buildings: z.number(),
  beds: z.number(),
  occupied: z.number(),
  free: z.number(),
  reserved: z.number(),
  occupancyPct: z.number(),
  pendingApplications: z.number(),
  pendingTransfers: z.number(),
  pendingOutpasses: z.number(),
  studentsOut: z.number(),
  lateReturns: z.number(),
});
export type THostelSummary = z.infer<typeof ZHostelSummary>;

/** One decimal place, as the board shows it. */
export const hostelPercent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

export { HOSTEL_PATHS } from './module-paths.js';
