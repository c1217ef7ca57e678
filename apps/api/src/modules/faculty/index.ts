/** The faculty module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { naacInputs } from './faculty.service.js';
export { facultyInService } from './in-service.js';
