/** This feature's screens (kept in @erp/shared, the menu links to them too). */
export { ACCOUNTS_PATHS } from '@erp/shared';
