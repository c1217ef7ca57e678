/**
 * The library's rules, one file per workflow; this is what routes and other modules call.
 * Other modules: libraryDues(db, collegeId, studentId) gives a student's unpaid library fines in paise;
 * libraryClearance adds the books they still have out (the no-dues check).
 */
export { libraryDues, libraryClearance, payFine, waiveFine, receiptPdf } from './fines.js';
export { search, getTitle, createTitle, editTitle, opacTitle, opacSubjects } from './catalogue.js';
export { addCopies, copyHistory, editCopy } from './copies.js';
export { getRules, saveRules } from './rules.js';
export { issue, returnCopy, renew, markLost } from './circulation.js';
export { placeHold, cancelHold, holdShelf } from './holds.js';
export { patronView, myView, stats } from './desk.js';
export { searchPatrons } from './patrons.js';
export { importCatalogue } from './import.js';
export { catalogueExport } from './marc-export.js';
export { labelsPdf, patronCards } from './labels.js';
export { report, overdueWorkbook, naacInputs } from './reports.js';
export { overridePatron, removeOverride, overrideDetail } from './overrides.js';
export { ledgerBackfill } from './fines.js';
