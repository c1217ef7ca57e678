/** The leave module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { backupClassesFor, coverOfClass, coveredClassesOf } from './leave.service.js';
export { decide as decideLeave, facultyAway, list as leaveApplications } from './leave.service.js';
export { leaveDaysTaken } from './leave.figures.js';
