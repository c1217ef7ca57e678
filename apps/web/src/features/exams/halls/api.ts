import { examHallsEndpoints as halls, type EndpointBody } from '@erp/shared';
import { saveBlob } from '../../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';

/**
 * The exam halls' calls: a timetable or seating change refreshes every exam query (the exam's
 * papers carry their dates); a room change refreshes the rooms.
 */
const EXAMS = { invalidates: [['exams']] };
const ROOMS = { invalidates: [['exam-rooms']] };

export const useExamTimetable = (id: number) => useEndpointQuery(halls.timetable, { params: { id } });
export const useSaveTimetable = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof halls.saveTimetable>) => callEndpoint(halls.saveTimetable, { params: { id }, body }),
    EXAMS,
  );
export const useProposeTimetable = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof halls.proposeTimetable>) => callEndpoint(halls.proposeTimetable, { params: { id }, body }),
    EXAMS,
  );
export const useClashes = (id: number) => useEndpointQuery(halls.clashes, { params: { id } });

export const useExamRooms = (includeRetired = false) =>
  useEndpointQuery(halls.rooms, { query: { includeRetired: includeRetired ? 'true' : 'false' } });
export const useCreateRoom = () =>
  useEndpointMutation((body: EndpointBody<typeof halls.createRoom>) => callEndpoint(halls.createRoom, { body }), ROOMS);
export const useUpdateRoom = () =>
  useEndpointMutation(
    ({ id, body }: { id: number; body: EndpointBody<typeof halls.updateRoom> }) =>
      callEndpoint(halls.updateRoom, { params: { id }, body }),
    ROOMS,
  );

export const usePlanSeating = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof halls.planSeating>) => callEndpoint(halls.planSeating, { params: { id }, body }),
    EXAMS,
  );
export const useSeating = (id: number, date: string, session: 'FN' | 'AN' | '') =>
  useEndpointQuery(
    halls.seating,
    { params: { id }, query: { date, session: (session || 'FN') as 'FN' | 'AN' } },
    { enabled: Boolean(date && session) },
  );
/** A room's chart, door list and attendance sheet, fetched with the session. */
export const downloadRoomSheets = async (id: number, roomId: number, roomName: string, date: string, session: 'FN' | 'AN') =>
  saveBlob(
    await fetchEndpointFile(halls.roomPdf, { params: { id, roomId }, query: { date, session } }),
    `room-${roomName}-${date}-${session}.pdf`,
  );
