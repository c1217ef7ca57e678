import { keepPreviousData } from '@tanstack/react-query';
import {
  calendarEndpoints as calendar,
  mastersByKind,
  mastersEndpoints as masters,
  timetableEndpoints as timetable,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type TAllocationInput,
  type TMasterKind,
  type TTimetableInput,
} from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export { MASTERS_PATHS } from './paths';

type KindEndpoints<K extends TMasterKind> = (typeof mastersByKind)[K];
/** A kind's list page: that kind's rows. */
export type MasterList<K extends TMasterKind> = EndpointResponse<KindEndpoints<K>['list']>;
/** What a kind's create and edit take (the kind's input schema). */
export type MasterBody<K extends TMasterKind> = EndpointBody<KindEndpoints<K>['create']>;

/** A kind's rows; typed as that kind's (TypeScript reads the kind's endpoint as any kind's). */
export const useMasterList = <K extends TMasterKind>(
  kind: K,
  q: { q?: string; page?: number; pageSize?: number; includeRetired?: boolean },
  enabled = true,
) =>
  useEndpointQuery<KindEndpoints<TMasterKind>['list'], MasterList<K>>(
    mastersByKind[kind].list,
    { query: { q: q.q, page: q.page, pageSize: q.pageSize, includeRetired: q.includeRetired ? 'true' : undefined } },
    { enabled },
  );

export const useSaveMaster = <K extends TMasterKind>(kind: K) =>
  useEndpointMutation(
    (v: { id?: number; body: MasterBody<K> }) => {
      const endpoints: KindEndpoints<TMasterKind> = mastersByKind[kind];
      return v.id
        ? callEndpoint(endpoints.update, { params: { id: v.id }, body: v.body })
        : callEndpoint(endpoints.create, { body: v.body });
    },
    { invalidates: [['masters']] },
  );

export const useRetireMaster = (kind: TMasterKind) =>
  useEndpointMutation((id: number) => callEndpoint(mastersByKind[kind].retire, { params: { id } }), {
    invalidates: [['masters']],
  });

// ---- Timetable and subject allocation (the timetable module's calls) ----------------------------

/** A section's week, or ('me') the caller's own. */
export const useTimetable = (sectionId: number | 'me') =>
  useEndpointQuery(sectionId === 'me' ? timetable.mine : timetable.section, { params: { sectionId } });

export const useAllocations = (sectionId: number | null, academicYear: string) =>
  useEndpointQuery(
    timetable.allocations,
    { query: { sectionId: sectionId ?? undefined, academicYear } },
    { enabled: sectionId !== null },
  );

export const useAllocate = () =>
  useEndpointMutation((body: TAllocationInput) => callEndpoint(timetable.allocate, { body }), {
    invalidates: [timetable.allocations],
  });

/** Saves a section's week; a clash answers 409 with every clashing cell (body.clashes). */
export const useSaveTimetable = (sectionId: number) =>
  useEndpointMutation((body: TTimetableInput) => callEndpoint(timetable.saveSection, { params: { sectionId }, body }), {
    invalidates: [['timetable']],
  });

// ---- Student records ------------------------------------------------------------------------------

/** The filters as the screen holds them (the status as text; the server checks it). */
export const useStudentRecords = (q: { q: string; status?: string; page: number; pageSize: number }) =>
  useEndpointQuery(
    masters.students,
    { query: q as EndpointQuery<typeof masters.students> },
    { placeholderData: keepPreviousData },
  );

export const useSaveStudentRecord = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof masters.saveStudent>) => callEndpoint(masters.saveStudent, { params: { id }, body }),
    { invalidates: [masters.students] },
  );

// ---- The academic calendar --------------------------------------------------------------------------

export const useCalendar = (range: { from: string; to: string }, enabled = true) =>
  useEndpointQuery(calendar.list, { query: range }, { enabled });

/** Adds an entry, or edits the one given. */
export const useSaveCalendarEvent = (id: number | null) =>
  useEndpointMutation(
    (body: EndpointBody<typeof calendar.create>) =>
      id ? callEndpoint(calendar.update, { params: { id }, body }) : callEndpoint(calendar.create, { body }),
    { invalidates: [['calendar']] },
  );

export const useRemoveCalendarEvent = () =>
  useEndpointMutation((id: number) => callEndpoint(calendar.remove, { params: { id } }), { invalidates: [['calendar']] });
