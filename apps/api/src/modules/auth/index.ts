/** The auth module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { createUserWithRoles, createUsersWithRoles } from './create-users.js';
