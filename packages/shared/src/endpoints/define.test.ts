import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ZIdParams } from '../common-schemas.js';
import {
  defineEndpoint,
  endpointPath,
  pathParamNames,
  type EndpointArgs,
  type EndpointArgsOptional,
  type EndpointBody,
  type EndpointInput,
  type EndpointResponse,
} from './define.js';
import * as maps from './index.js';

const renew = defineEndpoint({
  method: 'POST',
  path: '/api/library/loans/:id/renew',
  params: ZIdParams,
  response: z.object({ id: z.number(), dueOn: z.string() }),
});
const search = defineEndpoint({
  method: 'GET',
  path: '/api/library/titles',
  query: z.object({ q: z.string().default(''), page: z.coerce.number().default(1) }),
  response: z.object({ total: z.number() }),
});
const pay = defineEndpoint({
  method: 'POST',
  path: '/api/library/fines/:id/pay',
  params: ZIdParams,
  body: z.preprocess((v) => v ?? { mode: 'cash' }, z.object({ mode: z.enum(['cash', 'upi']), reference: z.string().optional() })),
  response: z.object({ message: z.string() }),
});
const upload = defineEndpoint({
  method: 'POST',
  path: '/api/library/import',
  multipart: true,
  response: z.object({ rows: z.number() }),
});

describe('endpoint paths', () => {
  it('fills each :name with its value, URL-encoded', () => {
    expect(endpointPath('/api/library/loans/:id/renew', { id: 12 })).toBe('/api/library/loans/12/renew');
    expect(endpointPath('/api/library/patrons/:patron/override', { patron: 'A/B 1' })).toBe(
      '/api/library/patrons/A%2FB%201/override',
    );
    expect(endpointPath('/api/hostel/outpasses/:id/:step', { id: 3, step: 'out' })).toBe('/api/hostel/outpasses/3/out');
    expect(endpointPath('/api/library/stats')).toBe('/api/library/stats');
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => endpointPath('/api/library/loans/:id/renew', {})).toThrow('/api/library/loans/:id/renew: no value for :id');
    expect(() => endpointPath('/api/library/loans/:id/renew', { id: '' })).toThrow(/no value for :id/);
  });

  it('reads the parameter names of a path', () => {
    expect(pathParamNames('/api/grievances/:id/attachments/:attachmentId')).toEqual(['id', 'attachmentId']);
  });
});

describe('defineEndpoint', () => {
  it('answers the definition as given', () => {
    expect([renew, search, pay, upload].map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/library/loans/:id/renew',
      'GET /api/library/titles',
      'POST /api/library/fines/:id/pay',
      'POST /api/library/import',
    ]);
  });

  it("refuses params that do not name the path's parameters", () => {
    const wrong = { method: 'GET', path: '/api/x/:code', params: ZIdParams, response: z.object({}) } as const;
    expect(() => defineEndpoint(wrong as never)).toThrow('GET /api/x/:code: params schema names id');
  });

  it('every module map: paths under /api/, each method and path defined once', () => {
    const all = Object.entries(maps)
      .filter(([name]) => name.endsWith('Endpoints'))
      .map(([, m]) => m as Record<string, { method: string; path: string }>);
    expect(all.length).toBeGreaterThan(9);
    const keys = all.flatMap((m) => Object.values(m).map((e) => `${e.method} ${e.path}`));
    expect(keys.length).toBeGreaterThan(200);
    expect(keys.filter((k) => !/^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(k))).toEqual([]);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('types inferred from the schemas', () => {
  it('a call names what its endpoint takes, and nothing it does not', () => {
    expectTypeOf<EndpointArgs<typeof renew>>().toEqualTypeOf<{ params: Record<'id', string | number> }>();
    expectTypeOf<EndpointResponse<typeof renew>>().toEqualTypeOf<{ id: number; dueOn: string }>();
    // a field the server coerces takes its value or text; a defaulted one may be left out
    expectTypeOf<NonNullable<EndpointArgs<typeof search>['query']>>().toEqualTypeOf<{ q?: string; page?: number | string }>();
    expectTypeOf<EndpointArgsOptional<typeof search>>().toEqualTypeOf<true>();
    expectTypeOf<EndpointArgsOptional<typeof renew>>().toEqualTypeOf<false>();
    // a preprocessed body is typed by the schema it feeds
    expectTypeOf<EndpointBody<typeof pay>>().toEqualTypeOf<{ mode: 'cash' | 'upi'; reference?: string }>();
    expectTypeOf<EndpointBody<typeof upload>>().toEqualTypeOf<FormData>();
    // the route's handler reads the parsed values
    expectTypeOf<EndpointInput<typeof renew>['params']>().toEqualTypeOf<{ id: number }>();
    // @ts-expect-error a path parameter is required
    const missing: EndpointArgs<typeof renew> = {};
    // @ts-expect-error the params schema must name the path's parameters
    expect(() => defineEndpoint({ method: 'GET', path: '/api/x/:code', response: z.object({}) })).toThrow(
      'params schema names nothing',
    );
    expect(missing).toEqual({});
  });
});
