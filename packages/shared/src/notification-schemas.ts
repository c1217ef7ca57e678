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

export const ZNotificationKind = z.enum(KINDS, { message: 'Unknown notification kind' });

/** Each kind with its two channels: the in-app inbox (the bell) and email. */
export const ZNotificationPrefs = z.object({
  items: z.array(z.object({ kind: z.enum(KINDS), label: z.string(), email: z.boolean(), inApp: z.boolean() })),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;
/** kind → true/false (the email channel, as before) or the channels to change. */
export const ZNotificationPrefsUpdate = z.partialRecord(
  ZNotificationKind,
  z.union([z.boolean(), z.strictObject({ email: z.boolean().optional(), inApp: z.boolean().optional() })], {
    message: 'Each choice is true or false, or { email, inApp }',
  }),
);
export type TNotificationPrefsUpdate = z.infer<typeof ZNotificationPrefsUpdate>;

/** The signed-in user's in-app notifications, newest first. */
export const ZInboxQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 rows a page').default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const ZInboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  subject: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInboxPage = z.object({
  items: z.array(ZInboxItem),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TInboxPage = z.infer<typeof ZInboxPage>;
/** Marks the given notifications read, or all of them when ids is left out. */
export const ZInboxRead = z.object({
  ids: z.array(z.number().int().positive()).max(500, 'At most 500 at once').optional(),
});
export const ZInboxReadResult = z.object({ unread: z.number() });

/** Who reads the outbox (every message the portal sent or, with no mail server, kept). */
export const OUTBOX_ROLES: Role[] = [ROLES.ADMIN, ROLES.ADMINISTRATION];
export const ZOutboxQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'At most 200 rows a page').default(50),
  to: z.string().trim().max(200).optional(),
  /** matches the address or the subject */
  q: z.string().trim().max(200).optional(),
  status: z.enum(['queued', 'sent', 'kept', 'failed']).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;
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
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
export const ZOutboxResendParams = z.object({ id: z.coerce.number().int().positive() });

/** The web app's notification screens (the bell in the header links here). */
export const NOTIFICATION_PATHS = {
  inbox: '/app/notifications',
  settings: '/app/notifications/settings',
  outbox: '/app/outbox',
} as const;
