/** The NAAC module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export {
  enrolled,
  fyOf,
  isReserved,
  loadFacts,
  outgoing,
  teachers,
  yearEnd,
  yearStart,
  type Facts,
} from './naac.facts.js';
export { evaluate, formulaNames } from './expr.js';
export { enteredValues, fieldsFor, formulaOf, saveFields, yearOf } from './naac.service.js';
