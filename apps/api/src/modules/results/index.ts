/** The results module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { naacInputs, publishedTitles, resultViewJson } from './results.service.js';
export { openFailedCourses, openFailedCoursesOf, studentStanding, studentStandings, type Standing } from './results.standing.js';
export { titleAudience } from './results.audience.js';
export { resultFigures } from './results.figures.js';
export { publishProcessed, reviseProcessed, resultsRevised, type ProcessedResult } from './results.exam-cell.js';
export { publishedRecordsOf, publishedTitle, type PublishedRecord } from './results.published.js';
