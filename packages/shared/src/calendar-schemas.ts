import { z } from 'zod';
import { ZIsoDate } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** Who keeps the academic calendar; every signed-in user reads it. */
export const CALENDAR_EDIT_ROLES: Role[] = [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.PRINCIPAL];

export const CALENDAR_KINDS = ['holiday', 'event', 'semester_start', 'semester_end', 'exam'] as const;
export type TCalendarKind = (typeof CALENDAR_KINDS)[number];

export const CALENDAR_MSG = {
  titleRequired: 'Please enter a title',
  kindInvalid: `Kind must be one of ${CALENDAR_KINDS.join(', ')}`,
  dateInvalid: 'Please enter a valid date (yyyy-mm-dd)',
  endBeforeStart: 'The end date cannot be before the start date',
  rangeTooLong: 'An entry can span at most 366 days',
  notFound: 'Calendar entry not found',
} as const;

const isoDate = (label: string) => ZIsoDate(label, { invalid: CALENDAR_MSG.dateInvalid });

export const ZCalendarEventInput = z
  .object({
    title: z.string({ message: CALENDAR_MSG.titleRequired }).trim().min(1, CALENDAR_MSG.titleRequired).max(200),
    kind: z.enum(CALENDAR_KINDS, { message: CALENDAR_MSG.kindInvalid }),
    startDate: isoDate('Start date'),
    endDate: isoDate('End date').optional(),
    description: z.string().trim().max(2000).optional().default(''),
  })
  .transform((v) => ({ ...v, endDate: v.endDate ?? v.startDate }))
  .refine((v) => v.endDate >= v.startDate, { message: CALENDAR_MSG.endBeforeStart, path: ['endDate'] })
  .refine((v) => (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 <= 366, {
    message: CALENDAR_MSG.rangeTooLong,
    path: ['endDate'],
  });
export type TCalendarEventInput = z.input<typeof ZCalendarEventInput>;

export const ZCalendarEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarQuery = z
  .object({
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
    kind: z.enum(CALENDAR_KINDS, { message: CALENDAR_MSG.kindInvalid }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { message: CALENDAR_MSG.endBeforeStart, path: ['to'] });

export const ZCalendarList = z.object({ items: z.array(ZCalendarEvent) });
