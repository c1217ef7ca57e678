import { ZIdParam, ZOk } from '../common-schemas.js';
import { ZCalendarEvent, ZCalendarEventInput, ZCalendarList, ZCalendarQuery } from '../calendar-schemas.js';
import { defineEndpoint as e } from './define.js';

/** The academic calendar: every signed-in user reads it; the academic office keeps it. */
export const calendarEndpoints = {
  list: e({ method: 'GET', path: '/api/calendar', query: ZCalendarQuery, response: ZCalendarList }),
  create: e({ method: 'POST', path: '/api/calendar', body: ZCalendarEventInput, response: ZCalendarEvent }),
  update: e({ method: 'PUT', path: '/api/calendar/:id', params: ZIdParam, body: ZCalendarEventInput, response: ZCalendarEvent }),
  remove: e({ method: 'DELETE', path: '/api/calendar/:id', params: ZIdParam, response: ZOk }),
};
