import { keepPreviousData } from '@tanstack/react-query';
import {
  examsEndpoints as exams,
  mastersByKind,
  type EndpointBody,
  type EndpointQuery,
  type TExamInput,
  type TExamUpdate,
  type TRegisterRequest,
} from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/**
 * Every exam write refreshes every exam query and the student's own list: counts, eligibility and
 * hall tickets move together.
 */
const EXAMS = { invalidates: [['exams'], exams.mine] };

export type ExamListQuery = EndpointQuery<typeof exams.list>;
export type RegistrationQuery = EndpointQuery<typeof exams.registrations>;
export type EligibilityQuery = EndpointQuery<typeof exams.eligibility>;

export const useExams = (query: ExamListQuery) => useEndpointQuery(exams.list, { query }, { placeholderData: keepPreviousData });
export const useExam = (id: number) => useEndpointQuery(exams.get, { params: { id } }, { enabled: id > 0 });

export const useCreateExam = () => useEndpointMutation((body: TExamInput) => callEndpoint(exams.create, { body }), EXAMS);
export const useUpdateExam = (id: number) =>
  useEndpointMutation((body: TExamUpdate) => callEndpoint(exams.update, { params: { id }, body }), EXAMS);

export const useRegistrations = (id: number, query: RegistrationQuery) =>
  useEndpointQuery(exams.registrations, { params: { id }, query }, { placeholderData: keepPreviousData });
/** The exam cell registers one student or everyone; a student registers themselves (no roll number). */
export const useRegister = (id: number) =>
  useEndpointMutation((body: TRegisterRequest) => callEndpoint(exams.register, { params: { id }, body }), EXAMS);
export const useVerify = (id: number) =>
  useEndpointMutation((body: EndpointBody<typeof exams.verify>) => callEndpoint(exams.verify, { params: { id }, body }), EXAMS);

export const useEligibility = (id: number, query: EligibilityQuery) =>
  useEndpointQuery(exams.eligibility, { params: { id }, query }, { placeholderData: keepPreviousData });
export const useCondone = (id: number) =>
  useEndpointMutation((body: EndpointBody<typeof exams.condone>) => callEndpoint(exams.condone, { params: { id }, body }), EXAMS);
export const useShortageNotices = (id: number) => useEndpointQuery(exams.shortageNotices, { params: { id } });
export const useSendShortageNotices = (id: number) =>
  useEndpointMutation(() => callEndpoint(exams.sendShortageNotices, { params: { id } }), EXAMS);

export const useIssueHallTickets = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof exams.issueHallTickets>) => callEndpoint(exams.issueHallTickets, { params: { id }, body }),
    EXAMS,
  );
/** A hall ticket PDF, fetched with the session (a plain link would not carry it to another server address). */
export const downloadHallTicket = async (id: number, rollNo: string) =>
  saveBlob(await fetchEndpointFile(exams.hallTicketPdf, { params: { id, rollNo } }), `hall-ticket-${rollNo}.pdf`);

/** The student's own exams, or a parent's chosen child's. */
export const useMyExams = (studentId?: number) =>
  useEndpointQuery(exams.mine, { query: studentId ? { studentId } : {} });

/** The masters the new-exam form chooses from (regulations, and the semesters of their course). */
const ALL = { pageSize: 500 } as const;
export const useRegulations = () => useEndpointQuery(mastersByKind.regulations.list, { query: ALL });
export const useSemesters = () => useEndpointQuery(mastersByKind.semesters.list, { query: ALL });
