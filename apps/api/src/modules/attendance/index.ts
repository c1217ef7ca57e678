/** The attendance module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { attendancePercentages, attendanceStandings, attendanceSummary, shortage } from './attendance.service.js';
export { attendanceFigures } from './attendance.figures.js';
