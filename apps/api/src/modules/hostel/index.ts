/** The hostel module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { hostelGlance, ledgerBackfill } from './hostel.service.js';
export { myHostel } from './hostel.outpasses.js';
export { listBuildings as hostelBuildings } from './hostel.service.js';
