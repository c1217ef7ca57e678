import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { capped, ZIsoDate, ZIsoMonth } from './common-schemas.js';

/** Who runs the transport office; the principal and admin may look (and act) too. */
export const TRANSPORT_ROLES: Role[] = [ROLES.TRANSPORTATION_INCHARGE, ROLES.ADMIN, ROLES.PRINCIPAL];

/** Certificates a vehicle must keep valid; warned about 30 days ahead. */
export const VEHICLE_CERTIFICATES = ['insurance', 'fitness', 'permit', 'pollution'] as const;
export type TVehicleCertificate = (typeof VEHICLE_CERTIFICATES)[number];
export const CERTIFICATE_LABELS: Record<TVehicleCertificate, string> = {
  insurance: 'Insurance',
  fitness: 'Fitness certificate',
  permit: 'Permit',
  pollution: 'Pollution (PUC) certificate',
};
export const EXPIRY_WARNING_DAYS = 30;

export const VEHICLE_TYPES = ['Bus', 'Mini Bus', 'Van', 'Car'] as const;
export const EXPENSE_CATEGORIES = ['fuel', 'maintenance', 'repair', 'tax', 'insurance', 'salary', 'other'] as const;
export type TExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_LABELS: Record<TExpenseCategory, string> = {
  fuel: 'Fuel',
  maintenance: 'Maintenance',
  repair: 'Repairs',
  tax: 'Road tax',
  insurance: 'Insurance',
  salary: 'Salaries',
  other: 'Other',
};

/** State and union-territory codes of Indian registration marks. */
export const INDIAN_STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CG',
  'CH',
  'DD',
  'DL',
  'DN',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'OR',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TN',
  'TR',
  'TS',
  'TG',
  'UK',
  'UA',
  'UP',
  'WB',
];

/** Upper case without spaces or hyphens: "ts 09 ab-1234" → "TS09AB1234". */
export const normalizeRegistration = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');

/**
 * An Indian registration mark: state code, RTO number (1–2 digits), series (0–3 letters), number
 * (4 digits), e.g. TS09AB1234, KA01A1234, DL3CAB1234; or the Bharat series, e.g. 22BH1234AA.
 */
export function isIndianRegistration(value: string): boolean {
  const v = normalizeRegistration(value);
  if (/^\d{2}BH\d{4}[A-HJ-NP-Z]{1,2}$/.test(v)) return true;
  const m = /^([A-Z]{2})(\d{1,2})([A-Z]{0,3})(\d{4})$/.exec(v);
  return !!m && INDIAN_STATE_CODES.includes(m[1]) && Number(m[2]) > 0 && Number(m[4]) > 0;
}

export const TRANSPORT_MSG = {
  badRegistration: 'Enter an Indian registration number such as TS09AB1234',
  duplicateRegistration: (reg: string) => `A vehicle with registration number ${reg} already exists`,
  vehicleNotFound: 'Vehicle not found',
  vehicleRetired: 'This vehicle is retired',
  capacityBelowPasses: (taken: number) =>
    `Seating capacity cannot be less than the ${taken} passes already issued on this vehicle`,
  retireWithRoute: (route: string) => `The vehicle still runs route ${route}; give the route another vehicle first`,
  retireBusy: 'The vehicle took on a route or pass holders meanwhile; reload and try again',
  routeNotFound: 'Route not found',
  duplicateRouteCode: (code: string) => `A route with code ${code} already exists`,
  vehicleOnOtherRoute: (reg: string, route: string) => `Vehicle ${reg} already runs route ${route}`,
  routeVehicleTooSmall: (reg: string, holders: number) =>
    `Vehicle ${reg} has fewer seats than the route's ${holders} pass holders`,
  stopNotFound: 'Stop not found on this route',
  stopHasPasses: (stop: string) => `Stop ${stop} has active passes; cancel or move them before removing it`,
  stopOrder: 'Pickup times must run in the order of the stops',
  routeHasNoVehicle: 'This route has no vehicle yet; assign one before issuing passes',
  vehicleFull: (reg: string, seats: number) => `Vehicle ${reg} is full: all ${seats} seats are taken`,
  studentNotFound: (roll: string) => `No student with roll number ${roll}`,
  staffNotFound: (who: string) => `No staff member ${who}`,
  alreadyHasPass: (name: string, year: string) => `${name} already holds an active bus pass for ${year}`,
  seatFree: (route: string) => `Route ${route} has a free seat and nobody waiting: issue the pass instead`,
  alreadyWaiting: (name: string, year: string) => `${name} is already on a waiting list for ${year}`,
  waitNotFound: 'Waiting-list entry not found',
  waitNotOffered: 'No seat has been offered to this entry yet; it is still waiting',
  waitClosed: 'This waiting-list entry is already closed',
  passNotFound: 'Bus pass not found',
  passNotYours: 'You can only see your own bus pass',
  passAlreadyCancelled: 'This pass is already cancelled',
  cancelDateFuture: 'The day the pass ends cannot be in the future',
  cancelDateBeforeIssue: (issued: string) => `The pass was issued on ${issued}; it cannot end before that`,
  passCancelled: 'Bus pass cancelled',
  noStudent: 'No student record is linked to this login',
  fuelNeedsFigures: 'A fuel entry needs litres and the odometer reading',
  odometerBackwards: (km: number, last: number, date: string) =>
    `Odometer ${km} km is not above the previous fuel reading of ${last} km on ${date}`,
  odometerAhead: (km: number, next: number, date: string) =>
    `Odometer ${km} km is not below the later fuel reading of ${next} km on ${date}`,
  futureDate: 'The expense date cannot be in the future',
  badMonth: 'Month must be yyyy-mm',
} as const;

const isoDate = (label: string) =>
  ZIsoDate(label, { required: `${label} is required`, invalid: `${label} must be a date (yyyy-mm-dd)` });
const month = () => ZIsoMonth('month', { invalid: TRANSPORT_MSG.badMonth });
const name = (label: string, max = 120) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);
const optionalText = (label: string, max = 120) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).default('');
const phone = z
  .string()
  .trim()
  .regex(/^(\+91)?[6-9]\d{9}$|^$/, 'Phone must be a 10-digit Indian mobile number')
  .default('');
/** Driving licence: state code, RTO, year and number, e.g. AP0320190012345 (spaces and hyphens allowed). */
const licence = (label: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
    .refine((s) => s === '' || /^[A-Z]{2}\d{2}\d{4}\d{7}$/.test(s), `${label} must look like AP0320190012345`)
    .default('');
const money = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} is in paise (a whole number)`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000_00, `${label} is too large`);
const id = (label: string) =>
  z.coerce
    .number({ message: `${label} is required` })
    .int()
    .min(1, `${label} is required`);

export const ZVehicleInput = z.object({
  regNo: z
    .string({ message: 'Registration number is required' })
    .trim()
    .min(1, 'Registration number is required')
    .transform(normalizeRegistration)
    .refine(isIndianRegistration, TRANSPORT_MSG.badRegistration),
  vehicleType: z.enum(VEHICLE_TYPES, { message: 'Choose a vehicle type' }),
  makeModel: optionalText('Make and model'),
  seatingCapacity: z.coerce
    .number({ message: 'Seating capacity is required' })
    .int('Seating capacity is a whole number')
    .min(1, 'Seating capacity must be at least 1')
    .max(100, 'Seating capacity is at most 100'),
  driverName: name('Driver name'),
  driverPhone: phone,
  driverLicence: licence('Driver licence number'),
  attenderName: optionalText('Attender name'),
  attenderPhone: phone,
  attenderLicence: licence('Attender licence number'),
  insuranceExpiry: isoDate('Insurance expiry'),
  fitnessExpiry: isoDate('Fitness expiry'),
  permitExpiry: isoDate('Permit expiry'),
  pollutionExpiry: isoDate('Pollution certificate expiry'),
});
export type TVehicleInput = z.infer<typeof ZVehicleInput>;

export const ZVehicle = z.object({
  id: z.number(),
  regNo: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  makeModel: z.string(),
  seatingCapacity: z.number(),
  seatsTaken: z.number(),
  driverName: z.string(),
  driverPhone: z.string(),
  driverLicence: z.string(),
  attenderName: z.string(),
  attenderPhone: z.string(),
  attenderLicence: z.string(),
  insuranceExpiry: z.string(),
  fitnessExpiry: z.string(),
  permitExpiry: z.string(),
  pollutionExpiry: z.string(),
  status: z.enum(['active', 'retired']),
  routeId: z.number().nullable(),
  routeName: z.string().nullable(),
});
export type TVehicle = z.infer<typeof ZVehicle>;
export const ZVehicleList = z.array(ZVehicle);

export const ZExpiryWarning = z.object({
  vehicleId: z.number(),
  regNo: z.string(),
  certificate: z.enum(VEHICLE_CERTIFICATES),
  expiresOn: z.string(),
  /** negative when already expired */
  daysLeft: z.number(),
});
export type TExpiryWarning = z.infer<typeof ZExpiryWarning>;

export const ZTransportDashboard = z.object({
  today: z.string(),
  vehicles: z.number(),
  routes: z.number(),
  stops: z.number(),
  activePasses: z.number(),
  seats: z.number(),
  seatsTaken: z.number(),
  monthExpenses: z.number(),
  warnings: z.array(ZExpiryWarning),
});
export type TTransportDashboard = z.infer<typeof ZTransportDashboard>;

const hhmm = z
  .string({ message: 'Pickup time is required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Pickup time must be hh:mm (24-hour)');

export const ZStopInput = z.object({
  id: z.number().int().optional(),
  name: name('Stop name', 100),
  pickupTime: hhmm,
  fare: money('Yearly fare'),
});
export type TStopInput = z.infer<typeof ZStopInput>;

export const ZRouteInput = z.object({
  code: name('Route code', 20).transform((s) => s.toUpperCase()),
  name: name('Route name', 120),
  vehicleId: z.coerce.number().int().min(1).nullable().default(null),
  stops: z
    .array(ZStopInput)
    .min(1, 'Add at least one stop')
    .max(60, 'A route has at most 60 stops')
    .refine((s) => s.every((x, i) => i === 0 || x.pickupTime >= s[i - 1].pickupTime), TRANSPORT_MSG.stopOrder)
    .refine((s) => new Set(s.map((x) => x.name.toLowerCase())).size === s.length, 'Each stop appears once on a route'),
});
export type TRouteInput = z.infer<typeof ZRouteInput>;

export const ZStop = z.object({
  id: z.number(),
  seq: z.number(),
  name: z.string(),
  pickupTime: z.string(),
  fare: z.number(),
  passes: z.number(),
});
export type TStop = z.infer<typeof ZStop>;
export const ZRoute = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  vehicleId: z.number().nullable(),
  vehicleRegNo: z.string().nullable(),
  seatingCapacity: z.number().nullable(),
  seatsTaken: z.number().nullable(),
  /** every seat of the route's vehicle is taken (or held for a waiting-list offer) */
  full: z.boolean(),
  /** students and staff on the route's waiting list, not yet offered a seat */
  waiting: z.number(),
  stops: z.array(ZStop),
});
export type TRoute = z.infer<typeof ZRoute>;
export const ZRouteList = z.array(ZRoute);

export const HOLDER_TYPES = ['student', 'staff'] as const;
export const ZPassInput = z.object({
  holderType: z.enum(HOLDER_TYPES, { message: 'Holder must be a student or staff' }),
  /** a student's roll number or a staff member's login name */
  holder: name('Roll number or staff login', 60),
  stopId: id('Stop'),
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2026-2027')
    .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, 'Academic year must span two consecutive years')
    .optional(),
});
export type TPassInput = z.infer<typeof ZPassInput>;

export const ZPass = z.object({
  id: z.number(),
  passNo: z.string(),
  holderType: z.enum(HOLDER_TYPES),
  holderRef: z.string(),
  holderName: z.string(),
  holderDetail: z.string(),
  routeId: z.number(),
  routeCode: z.string(),
  routeName: z.string(),
  stopId: z.number(),
  stopName: z.string(),
  pickupTime: z.string(),
  vehicleRegNo: z.string(),
  academicYear: z.string(),
  fare: z.number(),
  status: z.enum(['active', 'cancelled']),
  issuedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string(),
  /** the fare as the accounts ledger holds it; null when no fare was charged (staff, a free stop) */
  fareLedger: z
    .object({ amountPaise: z.number(), paidPaise: z.number(), waivedPaise: z.number(), balancePaise: z.number() })
    .nullable(),
});
export type TPass = z.infer<typeof ZPass>;

export const ZPassQuery = z.object({
  q: z.string().trim().max(60).default(''),
  routeId: z.coerce.number().int().min(1).optional(),
  status: z.enum(['active', 'cancelled', 'all']).default('active'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TPassQuery = z.infer<typeof ZPassQuery>;
export const ZPassPage = z.object({ items: z.array(ZPass), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPassPage = z.infer<typeof ZPassPage>;

export const ZPassCancel = z.object({
  reason: name('Reason', 300),
  /** the last day the student used the bus; today when absent */
  date: ZIsoDate('Last day on the bus').optional(),
});
export type TPassCancel = z.infer<typeof ZPassCancel>;

// The waiting list of a full route: a seat freed is held for the first waiting and offered to them;
// the office confirms (the pass is issued on the held seat) or withdraws the entry (the next is offered).
export const WAITLIST_STATUSES = ['waiting', 'offered', 'issued', 'withdrawn'] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_STATUS_LABELS: Record<TWaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Seat offered',
  issued: 'Pass issued',
  withdrawn: 'Withdrawn',
};
/** Joining a route's waiting list asks for what a pass asks for: the holder and their stop. */
export const ZWaitlistInput = ZPassInput;
export const ZWaitlistEntry = z.object({
  id: z.number(),
  routeId: z.number(),
  routeCode: z.string(),
  routeName: z.string(),
  stopId: z.number(),
  stopName: z.string(),
  holderType: z.enum(HOLDER_TYPES),
  holderRef: z.string(),
  holderName: z.string(),
  holderDetail: z.string(),
  academicYear: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the next to be offered a seat on the route; null once offered or closed */
  position: z.number().nullable(),
  createdAt: z.string(),
  offeredAt: z.string().nullable(),
  passId: z.number().nullable(),
  note: z.string(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;
/** By route and oldest first, cut at the server's cap (`total` counts every entry the filters match). */
export const ZWaitlistList = capped(ZWaitlistEntry);
export const ZWaitlistQuery = z.object({
  routeId: z.coerce.number().int().min(1).optional(),
  status: z.enum(['open', 'all']).default('open'),
});
export const ZWaitlistWithdraw = z.object({ reason: name('Reason', 300) });
/** A cancelled pass, and the waiting-list entry its freed seat was offered to (null when nobody waits). */
export const ZPassCancelled = ZPass.extend({
  offeredTo: ZWaitlistEntry.nullable(),
  /** of the student's fare, what the college keeps by its leaving policy (0 for staff) */
  fareKeptPaise: z.number().int(),
  /** paid beyond it, now the student's excess credit for the accounts office to adjust or refund */
  creditedPaise: z.number().int(),
});
export type TPassCancelled = z.infer<typeof ZPassCancelled>;

export const ZPassHolderQuery = z.object({
  holderType: z.enum(HOLDER_TYPES),
  q: z.string().trim().min(2, 'Type at least 2 letters').max(60),
});
export const ZPassHolder = z.object({ ref: z.string(), name: z.string(), detail: z.string() });
export type TPassHolder = z.infer<typeof ZPassHolder>;
export const ZPassHolderList = z.array(ZPassHolder);

export const ZExpenseInput = z
  .object({
    vehicleId: id('Vehicle'),
    category: z.enum(EXPENSE_CATEGORIES, { message: 'Choose an expense category' }),
    expenseDate: isoDate('Date'),
    amount: money('Amount').refine((n) => n > 0, 'Amount must be more than zero'),
    /** fuel only */
    litres: z.coerce
      .number({ message: 'Litres must be a number' })
      .positive('Litres must be more than zero')
      .max(1000, 'Litres is at most 1000')
      .optional(),
    odometerKm: z.coerce
      .number({ message: 'Odometer must be a number' })
      .int('Odometer is in whole km')
      .min(0)
      .max(9_999_999)
      .optional(),
    description: optionalText('Description', 300),
    billNo: optionalText('Bill number', 40),
  })
  .refine((e) => e.category !== 'fuel' || (e.litres !== undefined && e.odometerKm !== undefined), {
    message: TRANSPORT_MSG.fuelNeedsFigures,
    path: ['litres'],
  });
export type TExpenseInput = z.infer<typeof ZExpenseInput>;

export const ZExpense = z.object({
  id: z.number(),
  vehicleId: z.number(),
  regNo: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  expenseDate: z.string(),
  amount: z.number(),
  litres: z.number().nullable(),
  odometerKm: z.number().nullable(),
  kmRun: z.number().nullable(),
  kmPerLitre: z.number().nullable(),
  anomaly: z.string().nullable(),
  description: z.string(),
  billNo: z.string(),
});
export type TExpense = z.infer<typeof ZExpense>;

export const ZExpenseQuery = z.object({
  vehicleId: z.coerce.number().int().min(1).optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  month: month().optional(),
  anomalies: z.coerce.number().int().min(0).max(1).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TExpenseQuery = z.infer<typeof ZExpenseQuery>;
export const ZExpensePage = z.object({
  items: z.array(ZExpense),
  total: z.number(),
  totalAmount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TExpensePage = z.infer<typeof ZExpensePage>;

export const ZTransportMonthQuery = z.object({
  month: month(),
});

const ZCostLine = z.object({
  fuel: z.number(),
  maintenance: z.number(),
  repair: z.number(),
  tax: z.number(),
  insurance: z.number(),
  salary: z.number(),
  other: z.number(),
  total: z.number(),
});
export const ZMonthlyVehicleRow = ZCostLine.extend({
  vehicleId: z.number(),
  regNo: z.string(),
  routeCode: z.string().nullable(),
  km: z.number(),
  litres: z.number(),
  kmPerLitre: z.number().nullable(),
  costPerKm: z.number().nullable(),
  anomalies: z.number(),
});
export const ZMonthlyRouteRow = z.object({
  routeId: z.number(),
  code: z.string(),
  name: z.string(),
  regNo: z.string().nullable(),
  km: z.number(),
  cost: z.number(),
  passengers: z.number(),
  students: z.number(),
  costPerKm: z.number().nullable(),
  costPerPassenger: z.number().nullable(),
});
export const ZMonthlyReport = z.object({
  month: z.string(),
  vehicles: z.array(ZMonthlyVehicleRow),
  routes: z.array(ZMonthlyRouteRow),
  totals: ZCostLine.extend({
    km: z.number(),
    litres: z.number(),
    passengers: z.number(),
    students: z.number(),
    costPerKm: z.number().nullable(),
    costPerPassenger: z.number().nullable(),
    costPerStudent: z.number().nullable(),
  }),
});
export type TMonthlyReport = z.infer<typeof ZMonthlyReport>;

export const ZRetireVehicle = z.object({ reason: optionalText('Reason', 300) });
export const ZTransportMessage = z.object({ message: z.string() });

/** Plausible km per litre when a vehicle has no fuel history yet. */
const TYPICAL_KMPL: Record<string, [number, number]> = {
  Bus: [2.5, 7],
  'Mini Bus': [4, 11],
  Van: [6, 16],
  Car: [8, 22],
};
/** A fill whose mileage is this far from the vehicle's recent median is flagged. */
export const ANOMALY_SHARE = 0.25;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n: number) => n.toFixed(2);

/**
 * Full-tank method: the km run since the previous fill, divided by this fill's litres. Flagged
 * when it strays more than 25% from the median of the vehicle's last six fills, or, with fewer
 * than three fills on record, when it is outside the plausible range for the vehicle type.
 */
export function fuelMileage(kmRun: number, litresMl: number, history: number[], vehicleType: string) {
  const kmplX100 = Math.round((kmRun * 100_000) / litresMl);
  const kmpl = kmplX100 / 100;
  let anomaly: string | null = null;
  if (history.length >= 3) {
    const usual = median(history) / 100;
    const off = (kmpl - usual) / usual;
    if (Math.abs(off) > ANOMALY_SHARE)
      anomaly = `${fmt(kmpl)} km/l is ${Math.round(Math.abs(off) * 100)}% ${off < 0 ? 'below' : 'above'} this vehicle's usual ${fmt(usual)} km/l`;
  } else {
    const [lo, hi] = TYPICAL_KMPL[vehicleType] ?? [2, 25];
    if (kmpl < lo || kmpl > hi)
      anomaly = `${fmt(kmpl)} km/l is outside the usual ${lo}–${hi} km/l for a ${vehicleType.toLowerCase()}`;
  }
  return { kmplX100, anomaly };
}
