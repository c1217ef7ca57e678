import { ZMessage } from '../common-schemas.js';
import {
  ZAchievement,
  ZAchievementRef,
  ZAchievementRowList,
  ZAchievementSaved,
  ZAchievementSearch,
  ZDepartmentRecordList,
  ZFacultyNameList,
  ZFacultyNamesQuery,
} from '../achievement-schemas.js';
import { defineEndpoint as e } from './define.js';

const A = '/api/auth-service/v1';

/**
 * The auth service's faculty-achievement calls (api-contract.md, spelled as the contract spells
 * them): registered in achievements.routes.ts with these same schemas, called by name from the web.
 */
export const achievementEndpoints = {
  departments: e({ method: 'GET', path: `${A}/getAllDepartmentDetails`, response: ZDepartmentRecordList }),
  facultyNames: e({
    method: 'GET',
    path: `${A}/getFacultyNamesBasedOnDepartment`,
    query: ZFacultyNamesQuery,
    response: ZFacultyNameList,
  }),
  search: e({ method: 'GET', path: `${A}/getfacultyAchievements`, query: ZAchievementSearch, response: ZAchievementRowList }),
  save: e({ method: 'POST', path: `${A}/savefacultyAchievements`, body: ZAchievement, response: ZAchievementSaved }),
  remove: e({ method: 'DELETE', path: `${A}/deletefacultyAchiveMent`, body: ZAchievementRef, response: ZMessage }),
};
