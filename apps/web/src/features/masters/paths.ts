/** This feature's screens (kept in @erp/shared, the menu links to them too). */
export { MASTERS_PATHS } from '@erp/shared';
