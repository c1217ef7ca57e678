import { binaryResponse, ZIdParams } from '../common-schemas.js';
import {
  ZDutyParams,
  ZFacultyPdfParams,
  ZFreeColleagues,
  ZInvigilationRequest,
  ZInvigilationResult,
  ZMarkScripts,
  ZMarkScriptsResult,
  ZMyDuties,
  ZRoster,
  ZScriptQuery,
  ZScripts,
  ZScriptsResult,
  ZSwapDecision,
  ZSwapRequest,
} from '../exam-duty-schemas.js';
import { defineEndpoint as e } from './define.js';

const PDF = binaryResponse('application/pdf');

/** The exam's invigilation roster, swaps and duty letters; answer scripts with dummy numbers. */
export const examDutiesEndpoints = {
  planInvigilation: e({
    method: 'POST',
    path: '/api/exams/:id/invigilation',
    params: ZIdParams,
    body: ZInvigilationRequest,
    response: ZInvigilationResult,
  }),
  roster: e({ method: 'GET', path: '/api/exams/:id/invigilation', params: ZIdParams, response: ZRoster }),
  freeColleagues: e({
    method: 'GET',
    path: '/api/exams/:id/invigilation/:dutyId/free',
    params: ZDutyParams,
    response: ZFreeColleagues,
  }),
  askSwap: e({
    method: 'POST',
    path: '/api/exams/:id/invigilation/:dutyId/swap',
    params: ZDutyParams,
    body: ZSwapRequest,
    response: ZRoster,
  }),
  decideSwap: e({
    method: 'POST',
    path: '/api/exams/:id/invigilation/:dutyId/swap/decision',
    params: ZDutyParams,
    body: ZSwapDecision,
    response: ZRoster,
  }),
  dutyLetter: e({
    method: 'GET',
    path: '/api/exams/:id/invigilation/letters/:facultyId.pdf',
    params: ZFacultyPdfParams,
    response: PDF,
  }),
  myDuties: e({ method: 'GET', path: '/api/me/invigilation', response: ZMyDuties }),
  numberScripts: e({ method: 'POST', path: '/api/exams/:id/scripts', params: ZIdParams, response: ZScriptsResult }),
  scripts: e({ method: 'GET', path: '/api/exams/:id/scripts', params: ZIdParams, query: ZScriptQuery, response: ZScripts }),
  markScripts: e({
    method: 'PUT',
    path: '/api/exams/:id/scripts',
    params: ZIdParams,
    body: ZMarkScripts,
    response: ZMarkScriptsResult,
  }),
  scriptLabels: e({
    method: 'GET',
    path: '/api/exams/:id/scripts/labels.pdf',
    params: ZIdParams,
    query: ZScriptQuery,
    response: PDF,
  }),
};
