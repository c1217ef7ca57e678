/** The exams module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
// the demo seed makes the exam cell's demo through its own calls
export { seedExamDemo } from './demo.js';
