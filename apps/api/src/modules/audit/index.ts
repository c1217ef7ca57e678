/** The audit module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { search } from './audit.service.js';
