import { jobEndpoints as jobs, type EndpointQuery } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** The college's jobs in one state (the server checks it), newest first, a page at a time. */
export const useJobs = (q: { status: string; page: number; pageSize: number }) =>
  useEndpointQuery(jobs.list, { query: q as EndpointQuery<typeof jobs.list> }, { placeholderData: (prev) => prev });

/** Puts a failed job back in the queue with a fresh set of attempts. */
export const useRetryJob = () =>
  useEndpointMutation((id: number) => callEndpoint(jobs.retry, { params: { id } }), { invalidates: [jobs.list] });
