/** The library module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { LEDGER_SOURCE, ledgerBackfill, libraryClearance, libraryDues, syncFines } from './fines.js';
export { patronGlance, patronView } from './desk.js';
export { openLoansDue } from './reminders.js';
export { naacInputs } from './reports.js';
export { report as libraryReport } from './reports.js';
export { stats as libraryStats } from './desk.js';
