import { ZSetup, ZSetupDone, ZSetupStatus } from '../setup-schemas.js';
import { defineEndpoint as e } from './define.js';

/** First-run setup: answers before any college exists. */
export const setupEndpoints = {
  status: e({ method: 'GET', path: '/api/setup', response: ZSetupStatus }),
  complete: e({ method: 'POST', path: '/api/setup', body: ZSetup, response: ZSetupDone }),
};
