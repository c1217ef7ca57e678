import { ZMessage } from '../common-schemas.js';
import {
  ZInboxPage,
  ZInboxQuery,
  ZInboxRead,
  ZInboxReadResult,
  ZNotificationPrefs,
  ZNotificationPrefsUpdate,
  ZOutboxPage,
  ZOutboxQuery,
  ZOutboxResendParams,
} from '../notification-schemas.js';
import { defineEndpoint as e } from './define.js';

/** Each user's notification choices and inbox (the bell), and the admin's outbox. */
export const notificationEndpoints = {
  prefs: e({ method: 'GET', path: '/api/me/notifications', response: ZNotificationPrefs }),
  savePrefs: e({ method: 'PUT', path: '/api/me/notifications', body: ZNotificationPrefsUpdate, response: ZNotificationPrefs }),
  inbox: e({ method: 'GET', path: '/api/me/notifications/inbox', query: ZInboxQuery, response: ZInboxPage }),
  /** the given ids, or every notification when ids is left out */
  markRead: e({ method: 'POST', path: '/api/me/notifications/inbox/read', body: ZInboxRead, response: ZInboxReadResult }),
  outbox: e({ method: 'GET', path: '/api/outbox', query: ZOutboxQuery, response: ZOutboxPage }),
  resend: e({ method: 'POST', path: '/api/outbox/:id/resend', params: ZOutboxResendParams, response: ZMessage }),
};
