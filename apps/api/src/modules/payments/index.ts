/** The payments module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { createOrder, feesOverview } from './payments.service.js';
