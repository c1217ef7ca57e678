import { keepPreviousData } from '@tanstack/react-query';
import {
  grievanceEndpoints as grievances,
  type EndpointBody,
  type TGrievanceAppealDecision,
  type TGrievanceCreateInput,
  type TGrievanceDetail,
  type TGrievanceListQuery,
} from '@erp/shared';
import { callEndpoint, endpointKey, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type ListFilters = Partial<TGrievanceListQuery> & { page: number; pageSize: number };

export const useGrievances = (filters: ListFilters) =>
  useEndpointQuery(grievances.list, { query: filters }, { placeholderData: keepPreviousData });

export const useGrievance = (id: number) => useEndpointQuery(grievances.detail, { params: { id } });

export const useGrievanceReport = (range: { from?: string; to?: string }) =>
  useEndpointQuery(grievances.report, { query: range });

/** Every write answers the grievance as it now is: put it in the cache and refresh the lists. */
const WRITE = {
  sets: (g: TGrievanceDetail) => [[endpointKey(grievances.detail, { params: { id: g.id } }), g] as const],
  invalidates: [grievances.list, grievances.report],
};

/** Lodges with the files in one request; the dialog's key makes a retry answer the first grievance. */
export const lodgeForm = (body: TGrievanceCreateInput, files: File[], idempotencyKey: string) => {
  const form = new FormData();
  form.append('grievance', JSON.stringify(body));
  form.append('idempotencyKey', idempotencyKey);
  for (const f of files) form.append('attachments', f, f.name);
  return form;
};

export const useLodge = () =>
  useEndpointMutation(
    ({ body, files, idempotencyKey }: { body: TGrievanceCreateInput; files: File[]; idempotencyKey: string }) =>
      callEndpoint(grievances.lodgeWithFiles, { body: lodgeForm(body, files, idempotencyKey) }),
    WRITE,
  );

export const useChangeStatus = (id: number) =>
  useEndpointMutation(
    (b: EndpointBody<typeof grievances.changeStatus>) => callEndpoint(grievances.changeStatus, { params: { id }, body: b }),
    WRITE,
  );

export const useComment = (id: number) =>
  useEndpointMutation(
    (b: { body: string; internal: boolean }) => callEndpoint(grievances.comment, { params: { id }, body: b }),
    WRITE,
  );

export const useAppeal = (id: number) =>
  useEndpointMutation((b: { reason: string }) => callEndpoint(grievances.appeal, { params: { id }, body: b }), WRITE);

export const useDecideAppeal = (id: number) =>
  useEndpointMutation((b: TGrievanceAppealDecision) => callEndpoint(grievances.decideAppeal, { params: { id }, body: b }), WRITE);

export const useReveal = (id: number) =>
  useEndpointMutation(() => callEndpoint(grievances.reveal, { params: { id } }), {
    invalidates: [endpointKey(grievances.detail, { params: { id } })],
  });

// ---- The committees and the deadlines (grievance cell) -----------------------------------------

export const useCommittees = () => useEndpointQuery(grievances.committees);
export const useGrievanceSettings = () => useEndpointQuery(grievances.settings);

/** Creates a committee (id null) or replaces one; the list refreshes. */
export const useSaveCommittee = (id: number | null) =>
  useEndpointMutation(
    (b: EndpointBody<typeof grievances.createCommittee>) =>
      id === null
        ? callEndpoint(grievances.createCommittee, { body: b })
        : callEndpoint(grievances.updateCommittee, { params: { id }, body: b }),
    { invalidates: [grievances.committees] },
  );

/** Saves the deadlines; the answer is the settings as they now are. */
export const useSaveGrievanceSettings = () =>
  useEndpointMutation((b: EndpointBody<typeof grievances.saveSettings>) => callEndpoint(grievances.saveSettings, { body: b }), {
    sets: (s) => [[endpointKey(grievances.settings, {}), s] as const],
  });

/** Opens an attachment with the session (a plain link would not carry it). */
export async function openAttachment(id: number, attachmentId: number) {
  const blob = await fetchEndpointFile(grievances.attachment, { params: { id, attachmentId } });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
