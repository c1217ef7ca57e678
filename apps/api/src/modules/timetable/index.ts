/** The timetable module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { allocations, busyOnDay, collegeSlots, facultyDay, facultySlot } from './timetable.service.js';
