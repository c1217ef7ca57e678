import { binaryResponse, ZMessage, ZStringList } from '../common-schemas.js';
import {
  ZAlumniBatchesQuery,
  ZAlumniCourseList,
  ZAlumniFileParams,
  ZAlumniHistoryList,
  ZAlumniHistoryParts,
  ZAlumniRegistrationParts,
} from '../alumni-schemas.js';
import { defineEndpoint as e } from './define.js';

/**
 * Alumni: the forms' course list, a record's stored files and the legacy contract's saves and
 * reads (/api/v1, api-contract.md), registered in alumni.routes.ts with these same schemas.
 */
export const alumniEndpoints = {
  courses: e({ method: 'GET', path: '/api/alumni/courses', response: ZAlumniCourseList }),
  historyFile: e({
    method: 'GET',
    path: '/api/alumni/history/:id/:file',
    params: ZAlumniFileParams,
    response: binaryResponse('image/jpeg, image/png or application/pdf'),
  }),

  // Legacy contract calls
  /** public: an alumnus registers without an account (errors answer in text) */
  register: e({
    method: 'POST',
    path: '/api/v1/saveAlumniStudentRegister',
    multipart: ZAlumniRegistrationParts,
    response: ZMessage,
  }),
  saveHistory: e({ method: 'POST', path: '/api/v1/saveAluminiHistoryByUrl', multipart: ZAlumniHistoryParts, response: ZMessage }),
  /** whole records for the staff, the directory view for the alumni */
  data: e({ method: 'GET', path: '/api/v1/getAlumniData', response: ZAlumniHistoryList }),
  /** public */
  batches: e({ method: 'GET', path: '/api/v1/getAlumniBatchesByCourse', query: ZAlumniBatchesQuery, response: ZStringList }),
};
