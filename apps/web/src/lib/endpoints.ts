import {
  useMutation,
  useQuery,
  useQueryClient,
  type NetworkMode,
  type QueryKey,
  type UseMutationResult,
  type UseQueryOptions,
} from '@tanstack/react-query';
import {
  endpointPath,
  isTextResponse,
  type EndpointArgs,
  type EndpointArgsOptional,
  type EndpointDefinition,
  type EndpointResponse,
} from '@erp/shared';
import { BASES, apiRequest, type RequestOptions } from './api-client';

/**
 * Calls the REST endpoints defined in packages/shared (src/endpoints) by name: the path, method
 * and types come from the one definition the API registers its route from.
 * See docs/decisions/typed-endpoints.md.
 */

/** The arguments may be left out when nothing in them is required: `callEndpoint(libraryEndpoints.stats)`. */
type ArgsTuple<E extends EndpointDefinition> =
  EndpointArgsOptional<E> extends true ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>];

interface LooseArgs {
  params?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
}

function send<T>(endpoint: EndpointDefinition, args: LooseArgs | undefined, as?: RequestOptions['as']): Promise<T> {
  const path = endpointPath(endpoint.path, args?.params);
  // Every endpoint lives under the REST base (/api); the client adds the origin and the session.
  return apiRequest<T>('rest', path.slice(BASES.rest.length), {
    method: endpoint.method,
    query: args?.query,
    body: args?.body,
    // a text/plain answer (textResponse) is read as text, everything else as JSON unless asked
    as: as ?? (isTextResponse(endpoint.response) ? 'text' : undefined),
  });
}

/** Sends one call and answers its response, typed from the endpoint's response schema (text for a textResponse). */
export function callEndpoint<E extends EndpointDefinition>(endpoint: E, ...[args]: ArgsTuple<E>): Promise<EndpointResponse<E>> {
  return send(endpoint, args as LooseArgs | undefined);
}

/** Fetches a file endpoint (PDF, workbook) as a Blob, with the session. */
export function fetchEndpointFile<E extends EndpointDefinition>(endpoint: E, ...[args]: ArgsTuple<E>): Promise<Blob> {
  return send(endpoint, args as LooseArgs | undefined, 'blob');
}

/**
 * The query key of an endpoint: `[first path segment, path]`, then the call's params and query.
 * `['library']` covers every library call, `endpointKey(e)` every call of that endpoint.
 */
export function endpointKey<E extends EndpointDefinition>(endpoint: E, args?: EndpointArgs<E>): QueryKey {
  const [module] = endpoint.path.slice(BASES.rest.length + 1).split('/');
  if (!args) return [module, endpoint.path];
  const { params, query } = args as LooseArgs;
  return [module, endpoint.path, { params, query }];
}

type QueryOptions<E extends EndpointDefinition, TData> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, TData>,
  'queryKey' | 'queryFn'
>;

/** useQuery on an endpoint, keyed by endpointKey(endpoint, args). */
export function useEndpointQuery<E extends EndpointDefinition, TData = EndpointResponse<E>>(
  endpoint: E,
  ...[args, options]: EndpointArgsOptional<E> extends true
    ? [args?: EndpointArgs<E>, options?: QueryOptions<E, TData>]
    : [args: EndpointArgs<E>, options?: QueryOptions<E, TData>]
) {
  return useQuery<EndpointResponse<E>, Error, TData>({
    ...options,
    queryKey: endpointKey(endpoint, args ?? ({} as EndpointArgs<E>)),
    queryFn: () => send<EndpointResponse<E>>(endpoint, args as LooseArgs | undefined),
  });
}

export interface EndpointMutationOptions<TData, TVars> {
  /** query keys (or endpoints) refreshed after the call succeeds, before the mutation settles */
  invalidates?: Array<QueryKey | EndpointDefinition>;
  /** refresh them after a failure too (the server may have changed part of what is shown) */
  invalidateOnError?: boolean;
  /** cache entries the answer replaces (e.g. a saved record's own query), written before the refresh */
  sets?: (data: TData, vars: TVars) => Array<readonly [QueryKey, unknown]>;
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** 'always' for a call that must run offline too (one that queues its work itself) */
  networkMode?: NetworkMode;
}

/**
 * The one mutation hook: an endpoint (variables are its `{ params, query, body }`), or a function
 * of the caller's own variables that calls endpoints. What it changes is refreshed afterwards.
 */
export function useEndpointMutation<E extends EndpointDefinition>(
  endpoint: E,
  options?: EndpointMutationOptions<EndpointResponse<E>, EndpointArgs<E>>,
): UseMutationResult<EndpointResponse<E>, Error, EndpointArgs<E>>;
export function useEndpointMutation<TVars, TData>(
  call: (vars: TVars) => Promise<TData>,
  options?: EndpointMutationOptions<TData, TVars>,
): UseMutationResult<TData, Error, TVars>;
export function useEndpointMutation(
  target: EndpointDefinition | ((vars: any) => Promise<unknown>),
  options: EndpointMutationOptions<any, any> = {},
): UseMutationResult<unknown, Error, any> {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      (options.invalidates ?? []).map((k) =>
        qc.invalidateQueries({ queryKey: Array.isArray(k) ? k : endpointKey(k as EndpointDefinition) }),
      ),
    );
  return useMutation({
    mutationFn: typeof target === 'function' ? target : (vars: unknown) => send(target, vars as LooseArgs),
    ...(options.networkMode && { networkMode: options.networkMode }),
    onSuccess: async (data, vars) => {
      for (const [key, value] of options.sets?.(data, vars) ?? []) qc.setQueryData(key, value);
      await options.onSuccess?.(data, vars);
      await refresh();
    },
    onError: async () => {
      if (options.invalidateOnError) await refresh();
    },
  });
}
