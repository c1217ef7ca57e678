import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

/** What the portal tells people about, each of which a user may turn off. */
export const NOTIFICATION_KINDS = [
  { kind: 'attendance-low', label: 'My (or my child’s) attendance falls below the required percentage' },
  { kind: 'library-due', label: 'A library book is due in two days' },
  { kind: 'library-overdue', label: 'A library book is overdue' },
  { kind: 'hold-ready', label: 'A book I reserved is ready for pickup' },
  { kind: 'fee-due', label: 'A fee is falling due' },
  { kind: 'results-published', label: 'Results are published' },
  { kind: 'grievance-status', label: 'A grievance I lodged changes status' },
  { kind: 'leave-decision', label: 'My leave application is decided' },
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];
const KINDS = NOTIFICATION_KINDS.map((k) => k.kind) as [TNotificationKind, ...TNotificationKind[]];

export const ZNotificationPrefs = z.object({
  items: z.array(z.object({ kind: z.enum(KINDS), label: z.string(), email: z.boolean() })),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;
export const ZNotificationPrefsUpdate = z.partialRecord(
  z.enum(KINDS, { message: 'Unknown notification kind' }),
  z.boolean({ message: 'Each choice is true or false' }),
);

/** Who reads the outbox (every message the portal sent or, with no mail server, kept). */
export const OUTBOX_ROLES: Role[] = [ROLES.ADMIN, ROLES.ADMINISTRATION];
export const ZOutboxQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'At most 200 rows a page').default(50),
  to: z.string().trim().max(200).optional(),
});
export const ZOutboxPage = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      status: z.enum(['queued', 'sent', 'kept', 'failed']),
      error: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
