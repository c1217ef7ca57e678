/** The placements module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { naacInputs } from './placements.service.js';
export { setAttendanceProvider } from './placements.attendance.js';
export { statsOfYear as placementStatsOfYear } from './placements.stats.js';
