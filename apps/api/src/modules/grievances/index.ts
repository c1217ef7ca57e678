/** The grievances module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { CONFIDENTIAL_MAIL_KIND, confidentialMailReadableBy, naacInputs } from './grievances.service.js';
export { decideEscalated as decideEscalatedGrievance, escalatedWaiting as escalatedGrievances } from './grievances.escalated.js';
export { report as grievanceReport } from './grievances.reports.js';
