/** This feature's screens (kept in @erp/shared, the menu links to them too). */
export { ATTENDANCE_PATHS } from '@erp/shared';
