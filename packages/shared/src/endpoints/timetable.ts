import {
  ZAllocationInput,
  ZAllocationList,
  ZAllocationQuery,
  ZSectionParams,
  ZTimetable,
  ZTimetableInput,
} from '../timetable-schemas.js';
import { defineEndpoint as e } from './define.js';

/** Subject allocation ("assigned subjects") and the weekly timetable with clash checks. */
export const timetableEndpoints = {
  allocate: e({ method: 'POST', path: '/api/subject-allocations', body: ZAllocationInput, response: ZAllocationList }),
  allocations: e({ method: 'GET', path: '/api/subject-allocations', query: ZAllocationQuery, response: ZAllocationList }),
  /** the caller's own week (a student's section, a teacher's classes) */
  mine: e({ method: 'GET', path: '/api/timetable/me', response: ZTimetable }),
  section: e({ method: 'GET', path: '/api/timetable/:sectionId', params: ZSectionParams, response: ZTimetable }),
  saveSection: e({
    method: 'PUT',
    path: '/api/timetable/:sectionId',
    params: ZSectionParams,
    body: ZTimetableInput,
    response: ZTimetable,
  }),
};
