import type { z } from 'zod';

/**
 * One definition per REST call, read by both apps: the API registers its route from it (method,
 * path, schemas), the web calls it by name with the types inferred from the same schemas.
 * How to add one: docs/decisions/typed-endpoints.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  /** the full path as the API routes it; `:name` is a path parameter */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  /** a JSON body */
  body?: z.ZodType;
  /** request headers the route reads (documented and checked; the web client does not send them) */
  headers?: z.ZodType;
  /**
   * An upload: the web sends FormData and the route reads the parts itself. A schema documents
   * the parts in the OpenAPI document; `true` leaves them undocumented. With `body` too, the call
   * takes either.
   */
  multipart?: z.ZodType | true;
  /** the 200 answer (binaryResponse(...) for a file) */
  response: z.ZodType;
}

/** The `:name` parameters of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? ParamName<Name> | PathParamNames<Tail>
    : ParamName<Rest>
  : never;
/** `:rollNo.pdf` names rollNo: a parameter ends at a dot, as the router reads it. */
type ParamName<S extends string> = S extends `${infer N}.${string}` ? N : S;

type ParamNamesOf<E extends EndpointDefinition> = PathParamNames<E['path']>;

/** A path with parameters must say how they are read (params); one without must not. */
type ParamsCheck<D extends EndpointDefinition> = [ParamNamesOf<D>] extends [never]
  ? { params?: never }
  : { params: z.ZodType<Record<ParamNamesOf<D>, unknown>> };

/** Declares an endpoint; the path's parameters and the params schema must name the same keys. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D & ParamsCheck<D>): D {
  const inPath = pathParamNames(definition.path).sort().join(',');
  const shape = (definition.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  const inSchema = !definition.params ? '' : shape ? Object.keys(shape).sort().join(',') : inPath;
  if (inPath !== inSchema)
    throw new Error(`${definition.method} ${definition.path}: params schema names ${inSchema || 'nothing'}`);
  return definition;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** The path with each `:name` replaced by its value, URL-encoded. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(PARAM, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

// ---- What a caller sends and gets back, inferred from the schemas -----------------------------

/**
 * What a caller sends for a schema: its input type; for a schema that takes anything first (a
 * preprocess, `unknown` input), what it then reads.
 */
type Sent<S extends z.ZodType> =
  S extends z.ZodPipe<z.core.$ZodTransform<any, any>, infer Inner extends z.ZodType>
    ? z.input<Inner>
    : unknown extends z.input<S>
      ? z.output<S>
      : z.input<S>;
/** Query values travel as text: a field the server coerces (`unknown` input) takes its value or text. */
type SentQueryField<In, Out> = unknown extends In ? Out | string : In;

export type EndpointParams<E extends EndpointDefinition> = [ParamNamesOf<E>] extends [never]
  ? never
  : Record<ParamNamesOf<E>, string | number>;

export type EndpointQuery<E extends EndpointDefinition> = E extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]: SentQueryField<z.input<Q>[K], K extends keyof z.output<Q> ? z.output<Q>[K] : never> }
  : never;

type JsonBody<E extends EndpointDefinition> = E extends { body: infer B extends z.ZodType } ? Sent<B> : never;
/** A JSON body; an upload's FormData (an upload that also takes JSON: either). */
export type EndpointBody<E extends EndpointDefinition> = E extends { multipart: z.ZodType | true }
  ? FormData | JsonBody<E>
  : JsonBody<E>;

/** The answer as the web receives it. */
export type EndpointResponse<E extends EndpointDefinition> = z.output<E['response']>;

/** `{}`: a value every all-optional object type accepts. */
type Empty = Record<never, never>;

type Part<K extends string, T> = [T] extends [never] ? unknown : Empty extends T ? { [P in K]?: T } : { [P in K]: T };

/** `{ params, query, body }` of a call, each present only when the endpoint has it. */
export type EndpointArgs<E extends EndpointDefinition> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** True when a call may leave its arguments out (nothing in them is required). */
export type EndpointArgsOptional<E extends EndpointDefinition> = Empty extends EndpointArgs<E> ? true : false;

/** What the route's handler reads, after validation. */
export interface EndpointInput<E extends EndpointDefinition> {
  params: E extends { params: infer S extends z.ZodType } ? z.output<S> : unknown;
  query: E extends { query: infer S extends z.ZodType } ? z.output<S> : unknown;
  body: E extends { body: infer S extends z.ZodType } ? z.output<S> : unknown;
  headers: E extends { headers: infer S extends z.ZodType } ? z.output<S> : unknown;
}
