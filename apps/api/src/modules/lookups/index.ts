/** The lookups module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { admissionCatalog, admissionSettings, admissionTypes, type Catalog } from './lookups.service.js';
