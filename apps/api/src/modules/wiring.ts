import * as accounts from './accounts/index.js';
import * as attendance from './attendance/index.js';
import * as grievances from './grievances/index.js';
import * as library from './library/index.js';
import * as notifications from './notifications/index.js';
import * as placements from './placements/index.js';
import * as portal from './portal/index.js';
import * as results from './results/index.js';
import * as transport from './transport/index.js';

/**
 * Every hook one module registers with another, in one place, called by buildApp() (and by the
 * ledger backfill, which runs without an app). Each registration is keyed (one listener per
 * ledger source, one guard per mail kind, one provider), so building many apps in one process
 * leaves the same hooks, not copies.
 */
export function wireModules() {
  // A library fine and a transport fare due follow their ledger charge, in the ledger's transaction.
  accounts.onChargeChange(library.LEDGER_SOURCE, library.syncFines);
  accounts.onChargeChange(transport.LEDGER_SOURCE, transport.syncFareDues);
  // A placement drive's minimum attendance reads the attendance module's figures.
  placements.setAttendanceProvider(attendance.attendancePercentages);
  // Who may read the outbox's mail about an anonymous grievance.
  notifications.guardConfidentialMail(grievances.CONFIDENTIAL_MAIL_KIND, grievances.confidentialMailReadableBy);
  // Whom a notification reaches: a student's parents (portal) and an exam's audience (results).
  notifications.setRecipientSources({ parentContacts: portal.parentContacts, examAudience: results.titleAudience });
}
