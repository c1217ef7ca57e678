/** The registrations module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { decide as decideRegistration, pending as pendingRegistrations } from './registrations.service.js';
