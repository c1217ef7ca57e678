/** The college module's public face: the only file other modules and plugins import (eslint `api-boundaries/module-imports`). */
// plugins/college.ts resolves a request's college from its host with these.
export { collegeByDomain, defaultCollege } from './college.repo.js';
export { dashboardSummary } from './college.service.js';
