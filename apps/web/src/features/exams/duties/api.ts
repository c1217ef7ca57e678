import { keepPreviousData } from '@tanstack/react-query';
import {
  examDutiesEndpoints as duties,
  examsEndpoints as exams,
  type EndpointBody,
  type EndpointQuery,
} from '@erp/shared';
import { saveBlob } from '../../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';

/**
 * The exam's invigilation roster, swaps, duty letters and answer scripts, and the hall tickets of
 * a branch printed as one PDF by the job queue. A roster or script change refreshes every exam
 * query and the faculty member's own duties.
 */
const DUTIES = { invalidates: [['exams'], duties.myDuties] };

export type ScriptQuery = EndpointQuery<typeof duties.scripts>;
export type MarkScriptsBody = EndpointBody<typeof duties.markScripts>;

export const useRoster = (id: number) => useEndpointQuery(duties.roster, { params: { id } });
export const usePlanInvigilation = (id: number) =>
  useEndpointMutation(
    (body: EndpointBody<typeof duties.planInvigilation>) => callEndpoint(duties.planInvigilation, { params: { id }, body }),
    DUTIES,
  );
export const useDecideSwap = (id: number) =>
  useEndpointMutation(
    (v: { dutyId: number; approve: boolean }) =>
      callEndpoint(duties.decideSwap, { params: { id, dutyId: v.dutyId }, body: { approve: v.approve } }),
    DUTIES,
  );
/** A faculty member's duty letter (with its QR), fetched with the session. */
export const downloadDutyLetter = async (id: number, facultyId: number, faculty: string) =>
  saveBlob(
    await fetchEndpointFile(duties.dutyLetter, { params: { id, facultyId } }),
    `duty-letter-${faculty.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
  );

export const useMyDuties = () => useEndpointQuery(duties.myDuties);
export const useAskSwap = () =>
  useEndpointMutation(
    (v: { examId: number; dutyId: number; body: EndpointBody<typeof duties.askSwap> }) =>
      callEndpoint(duties.askSwap, { params: { id: v.examId, dutyId: v.dutyId }, body: v.body }),
    DUTIES,
  );
/** Colleagues free to take a duty (the server's own rule: no duty, leave or paper of theirs in that session). */
export const useFreeColleagues = (examId: number, dutyId: number) =>
  useEndpointQuery(duties.freeColleagues, { params: { id: examId, dutyId } }, { retry: false });

export const useNumberScripts = (id: number) =>
  useEndpointMutation(() => callEndpoint(duties.numberScripts, { params: { id } }), DUTIES);
export const useScripts = (id: number, query: ScriptQuery) =>
  useEndpointQuery(duties.scripts, { params: { id }, query }, { placeholderData: keepPreviousData });
export const useMarkScripts = (id: number) =>
  useEndpointMutation((body: MarkScriptsBody) => callEndpoint(duties.markScripts, { params: { id }, body }), DUTIES);
/** The Code 128 labels of the scripts the filter shows (no names or roll numbers on them). */
export const downloadScriptLabels = async (id: number, query: Omit<ScriptQuery, 'page'>) =>
  saveBlob(await fetchEndpointFile(duties.scriptLabels, { params: { id }, query }), `answer-script-labels-${id}.pdf`);

export const usePrintTickets = (id: number) =>
  useEndpointMutation((branch: string) => callEndpoint(exams.printTickets, { params: { id }, body: { branch } }));
/** The batch's progress, asked every second until it is ready or failed. */
export const useTicketBatch = (id: number, batchId: number | null) =>
  useEndpointQuery(
    exams.ticketBatch,
    { params: { id, batchId: batchId ?? 0 } },
    {
      enabled: batchId !== null,
      refetchInterval: (q) => (q.state.data && ['ready', 'failed'].includes(q.state.data.status) ? false : 1000),
    },
  );
export const downloadTicketBatch = async (id: number, batchId: number, branch: string) =>
  saveBlob(
    await fetchEndpointFile(exams.ticketBatchPdf, { params: { id, batchId } }),
    `hall-tickets-${branch || 'all'}-${batchId}.pdf`,
  );
