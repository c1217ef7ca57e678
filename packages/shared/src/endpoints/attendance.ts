import { binaryResponse, ZIdParams } from '../common-schemas.js';
import {
  ZAttendanceRollParams,
  ZRegisterQuery,
  ZSessionHistory,
  ZSessionList,
  ZSessionListQuery,
  ZSessionResult,
  ZSheet,
  ZSheetQuery,
  ZSheetSubmit,
  ZShortage,
  ZShortagePdfQuery,
  ZShortageQuery,
  ZStudentAttendance,
  ZUnlockResult,
} from '../attendance-schemas.js';
import { defineEndpoint as e } from './define.js';

const A = '/api/attendance';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The attendance sheet, its edits and unlocks, a student's percentages, the shortage list and the register. */
export const attendanceEndpoints = {
  sheet: e({ method: 'GET', path: `${A}/sheet`, query: ZSheetQuery, response: ZSheet }),
  submitSheet: e({ method: 'PUT', path: `${A}/sessions`, body: ZSheetSubmit, response: ZSessionResult }),
  sessions: e({ method: 'GET', path: `${A}/sessions`, query: ZSessionListQuery, response: ZSessionList }),
  unlock: e({ method: 'POST', path: `${A}/sessions/:id/unlock`, params: ZIdParams, response: ZUnlockResult }),
  history: e({ method: 'GET', path: `${A}/sessions/:id/history`, params: ZIdParams, response: ZSessionHistory }),
  student: e({ method: 'GET', path: `${A}/students/:rollNo`, params: ZAttendanceRollParams, response: ZStudentAttendance }),
  shortage: e({ method: 'GET', path: `${A}/shortage`, query: ZShortageQuery, response: ZShortage }),
  register: e({ method: 'GET', path: `${A}/register.xlsx`, query: ZRegisterQuery, response: binaryResponse(XLSX) }),
  shortagePdf: e({
    method: 'GET',
    path: `${A}/shortage.pdf`,
    query: ZShortagePdfQuery,
    response: binaryResponse('application/pdf'),
  }),
};
