/** The masters module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export {
  departmentScope,
  facultyInServiceRows,
  facultyRows,
  list,
  sectionInfo,
  sectionMembers,
  sectionOfStudent,
  sectionStrength,
  sectionStudentsOf,
  staffOf,
  studentsInSemesters,
  subjectsOf,
  subjectsOfSections,
  teachersOfSubjects,
  type Staff,
} from './masters.service.js';
export { academicYearOf, batchYears, onRollsInYear, rollsYear, studentsOnRolls } from './rolls.js';
