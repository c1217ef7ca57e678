/** The calendar module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { addWorkingDays, holidaysBetween, isWorkingDay, nextWorkingDay, workingDaysBetween } from './calendar.service.js';
