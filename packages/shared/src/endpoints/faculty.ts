import { ZMessage, ZSavedId } from '../common-schemas.js';
import {
  ZAward,
  ZAwardList,
  ZCount,
  ZFacultyProfileList,
  ZFacultyRecordParams,
  ZMou,
  ZMouList,
  ZProfileQuery,
  ZPublication,
  ZPublicationList,
  ZUserNameQuery,
} from '../faculty-schemas.js';
import { defineEndpoint as e } from './define.js';

const F = '/api/faculty';
/**
 * The faculty database's profile and count calls (api-contract.md, names and typos kept),
 * registered in faculty.routes.ts with these schemas.
 */
const FDB = '/api/faculty-db/v1';

/** A faculty member's own publications, MoUs and awards, and the faculty database calls the dashboard reads. */
export const facultyEndpoints = {
  // Faculty database (legacy)
  profiles: e({ method: 'GET', path: `${FDB}/getallprofiledata`, query: ZProfileQuery, response: ZFacultyProfileList }),
  publicationCount: e({
    method: 'GET',
    path: `${FDB}/getReserachPapersBasedOnUserName`,
    query: ZUserNameQuery,
    response: ZCount,
  }),
  citationCount: e({ method: 'GET', path: `${FDB}/getCountOfCitations`, query: ZUserNameQuery, response: ZCount }),
  scopusCount: e({ method: 'GET', path: `${FDB}/getCountOfScoupos`, query: ZUserNameQuery, response: ZCount }),
  mouCount: e({ method: 'GET', path: `${FDB}/getMousCounByUserName`, query: ZUserNameQuery, response: ZCount }),
  awardCount: e({ method: 'GET', path: `${FDB}/getAwardsByFaculty`, query: ZUserNameQuery, response: ZCount }),

  // Own records
  publications: e({ method: 'GET', path: `${F}/publications`, response: ZPublicationList }),
  createPublication: e({ method: 'POST', path: `${F}/publications`, body: ZPublication, response: ZSavedId }),
  updatePublication: e({
    method: 'PUT',
    path: `${F}/publications/:id`,
    params: ZFacultyRecordParams,
    body: ZPublication,
    response: ZSavedId,
  }),
  deletePublication: e({ method: 'DELETE', path: `${F}/publications/:id`, params: ZFacultyRecordParams, response: ZMessage }),
  mous: e({ method: 'GET', path: `${F}/mous`, response: ZMouList }),
  createMou: e({ method: 'POST', path: `${F}/mous`, body: ZMou, response: ZSavedId }),
  updateMou: e({ method: 'PUT', path: `${F}/mous/:id`, params: ZFacultyRecordParams, body: ZMou, response: ZSavedId }),
  deleteMou: e({ method: 'DELETE', path: `${F}/mous/:id`, params: ZFacultyRecordParams, response: ZMessage }),
  awards: e({ method: 'GET', path: `${F}/awards`, response: ZAwardList }),
  createAward: e({ method: 'POST', path: `${F}/awards`, body: ZAward, response: ZSavedId }),
  updateAward: e({ method: 'PUT', path: `${F}/awards/:id`, params: ZFacultyRecordParams, body: ZAward, response: ZSavedId }),
  deleteAward: e({ method: 'DELETE', path: `${F}/awards/:id`, params: ZFacultyRecordParams, response: ZMessage }),
};
