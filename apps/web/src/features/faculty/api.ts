import {
  achievementEndpoints as achievements,
  facultyEndpoints as faculty,
  type EndpointBody,
  type EndpointResponse,
  type TAchievementInput,
  type TAchievementRow,
} from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

// ---- faculty database (dashboard) ----
export const COUNT_CALLS = [
  { call: faculty.publicationCount, label: 'Publications' },
  { call: faculty.citationCount, label: 'Citations' },
  { call: faculty.scopusCount, label: 'Scopus' },
  { call: faculty.awardCount, label: 'Awards' },
  { call: faculty.mouCount, label: 'MoUs' },
] as const;
export type CountCall = (typeof COUNT_CALLS)[number]['call'];

export const useCount = (call: CountCall, userName: string) => useEndpointQuery(call, { query: { userName } });

/** The signed-in member's profile (the call answers a list of at most one), or null. */
export const useProfile = (q: { collegeId: number; financialYear: string; typeofInstitution: string; userId: string }) =>
  useEndpointQuery(faculty.profiles, { query: q }, { select: (rows) => rows[0] ?? null });

// ---- achievements (auth service) ----
export const useDepartments = () =>
  useEndpointQuery(achievements.departments, undefined, {
    select: (rows) => rows.map((d) => d.departmentCreationPrimaryKey.departmentName),
  });

export const useFacultyNames = (department: string) =>
  useEndpointQuery(achievements.facultyNames, { query: { department } }, { enabled: Boolean(department) });

export const searchAchievements = (facultyDept: string, facultyName: string) =>
  callEndpoint(achievements.search, { query: { facultyName, facultyDept } });

/** The dashboard's counts read the same rows as the manager pages: a change refreshes both. */
const REFRESH_FACULTY = { invalidates: [['faculty'], ['faculty-db']] };

/** Saves a new or edited achievement (the search result is re-run by the page, which holds it). */
export const useSaveAchievement = () =>
  useEndpointMutation((a: TAchievementInput) => callEndpoint(achievements.save, { body: a }), REFRESH_FACULTY);
export const useDeleteAchievement = () =>
  useEndpointMutation((a: TAchievementRow) => callEndpoint(achievements.remove, { body: a }), REFRESH_FACULTY);

// ---- own records (REST) ----
const RECORDS = {
  publications: {
    list: faculty.publications,
    create: faculty.createPublication,
    update: faculty.updatePublication,
    remove: faculty.deletePublication,
  },
  mous: { list: faculty.mous, create: faculty.createMou, update: faculty.updateMou, remove: faculty.deleteMou },
  awards: { list: faculty.awards, create: faculty.createAward, update: faculty.updateAward, remove: faculty.deleteAward },
};
export type RecordKind = keyof typeof RECORDS;

type RecordRow = EndpointResponse<(typeof RECORDS)[RecordKind]['list']>[number];
/** The user's own records of a kind, as rows of any kind (the page's columns read them by name). */
export const useRecords = (kind: RecordKind) => useEndpointQuery(RECORDS[kind].list, {}, { select: (rows): RecordRow[] => rows });

/** Creates (id null) or updates one of the user's own records; the lists and dashboard counts refresh. */
export const useSaveRecord = (kind: RecordKind) =>
  useEndpointMutation(({ id, values }: { id: number | null; values: unknown }) => {
    // the dialog checked the values with the kind's own schema (records.ts); the server checks them again
    const body = values as EndpointBody<(typeof RECORDS)[RecordKind]['create']>;
    return id ? callEndpoint(RECORDS[kind].update, { params: { id }, body }) : callEndpoint(RECORDS[kind].create, { body });
  }, REFRESH_FACULTY);

export const useDeleteRecord = (kind: RecordKind) =>
  useEndpointMutation((id: number) => callEndpoint(RECORDS[kind].remove, { params: { id } }), REFRESH_FACULTY);
