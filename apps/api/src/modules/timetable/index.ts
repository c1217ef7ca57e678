/** The timetable module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { allocations, busyOnDay, facultyDay, facultySlot } from './timetable.service.js';
