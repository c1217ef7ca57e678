import { ROLES } from '@erp/shared';
import { getSessionUser } from '../../lib/session';

const has = (role: string) => (getSessionUser()?.roles ?? []).includes(role);
export const isOfficer = () => has(ROLES.ACCOUNTANTS_OFFICER);
export const isPrincipal = () => has(ROLES.PRINCIPAL);
export const canPropose = () => has(ROLES.ACCOUNTANT) || has(ROLES.ACCOUNTANTS_OFFICER);
export const canCollect = () => canPropose() || has(ROLES.FEEPAYMENTS);
/** Refunds: any accounts staff proposes and pays; only the accounts officer decides (never their own, the server says). */
export const canProposeRefund = canPropose;
export const canDecideRefund = isOfficer;
export const canPayRefund = canPropose;
