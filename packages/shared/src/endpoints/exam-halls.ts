import { binaryResponse, ZIdParams, ZSavedId } from '../common-schemas.js';
import {
  ZClashes,
  ZExamRoomInput,
  ZExamRoomListQuery,
  ZExamRooms,
  ZExamRoomUpdate,
  ZSeating,
  ZSeatingPdfParams,
  ZSeatingQuery,
  ZSeatingRequest,
  ZSeatingResult,
  ZExamTimetable,
  ZExamTimetableProposal,
  ZExamTimetableProposeRequest,
  ZExamTimetableUpdate,
} from '../exam-hall-schemas.js';
import { defineEndpoint as e } from './define.js';

/** The exam cell's halls: the exam timetable and its clashes, exam rooms, seating plans and room charts. */
export const examHallsEndpoints = {
  timetable: e({ method: 'GET', path: '/api/exams/:id/timetable', params: ZIdParams, response: ZExamTimetable }),
  saveTimetable: e({
    method: 'PUT',
    path: '/api/exams/:id/timetable',
    params: ZIdParams,
    body: ZExamTimetableUpdate,
    response: ZExamTimetable,
  }),
  proposeTimetable: e({
    method: 'POST',
    path: '/api/exams/:id/timetable/propose',
    params: ZIdParams,
    body: ZExamTimetableProposeRequest,
    response: ZExamTimetableProposal,
  }),
  clashes: e({ method: 'GET', path: '/api/exams/:id/clashes', params: ZIdParams, response: ZClashes }),
  rooms: e({ method: 'GET', path: '/api/exam-rooms', query: ZExamRoomListQuery, response: ZExamRooms }),
  createRoom: e({ method: 'POST', path: '/api/exam-rooms', body: ZExamRoomInput, response: ZSavedId }),
  updateRoom: e({ method: 'PUT', path: '/api/exam-rooms/:id', params: ZIdParams, body: ZExamRoomUpdate, response: ZSavedId }),
  planSeating: e({
    method: 'POST',
    path: '/api/exams/:id/seating',
    params: ZIdParams,
    body: ZSeatingRequest,
    response: ZSeatingResult,
  }),
  seating: e({ method: 'GET', path: '/api/exams/:id/seating', params: ZIdParams, query: ZSeatingQuery, response: ZSeating }),
  roomPdf: e({
    method: 'GET',
    path: '/api/exams/:id/seating/:roomId.pdf',
    params: ZSeatingPdfParams,
    query: ZSeatingQuery,
    response: binaryResponse('application/pdf'),
  }),
};
