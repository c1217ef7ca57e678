/** The accounts module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export {
  chargesByRefs,
  dueFromSource,
  onChargeChange,
  postCharge,
  postedCharges,
  reverseCharge,
  settleFromSource,
  waiveFromSource,
  type ChargeState,
} from './ledger.charges.js';
export { postOnlinePayment } from './ledger.online.js';
export { chargeCut, releaseCharge } from './ledger.release.js';
export { getSettings as accountsSettings } from './concessions.service.js';
export { duesOfStudents, ledger as studentLedger, openLinesOfStudent, owingStudents, studentDuesByHead } from './ledger.views.js';
export { proposeWaiver, naacInputs as scholarshipNaacInputs } from './concessions.service.js';
export { naacInputs as expenditureNaacInputs } from './bills.service.js';
export { studentDuesFallingDue } from './reminders.js';
export { collected, collectedThisYear, fyStart } from './collection.js';
export { dayBook } from './reports.service.js';
export { moneyFigures, moneyHeadlines } from './figures.js';
export { decisionsWaiting } from './decisions.js';
export { decide as decideConcession } from './concessions.service.js';
export { decideBill } from './bills.service.js';
