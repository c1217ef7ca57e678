/** The admissions module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { naacInputs, normalData } from './admissions.service.js';
export { admissionFigures, categoryOf, intakes as admissionIntakes, saveIntakes as saveAdmissionIntakes } from './figures.js';
