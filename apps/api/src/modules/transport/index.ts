/** The transport module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { LEDGER_SOURCE, ledgerBackfill, myPasses, syncFareDues } from './transport.service.js';
export { listRoutes as transportRoutes } from './transport.service.js';
