/** The setup module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
// server.ts (start-up) and db/cli.ts (`npm run db:setup`) use these.
export { complete, setupToken, status } from './setup.service.js';
