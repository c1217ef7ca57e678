/** The grievances module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { CONFIDENTIAL_MAIL_KIND, confidentialMailReadableBy, naacInputs } from './grievances.service.js';
