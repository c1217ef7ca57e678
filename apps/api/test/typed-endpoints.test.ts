import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountsEndpoints,
  achievementEndpoints,
  admissionEndpoints,
  alumniEndpoints,
  attendanceEndpoints,
  authEndpoints,
  calendarEndpoints,
  collegeEndpoints,
  defineEndpoint,
  documentEndpoints,
  examDutiesEndpoints,
  examHallsEndpoints,
  examsEndpoints,
  examResultsEndpoints,
  facultyEndpoints,
  grievanceEndpoints,
  hostelEndpoints,
  leaveEndpoints,
  libraryEndpoints,
  loginEndpoints,
  mastersEndpoints,
  naacEndpoints,
  nirfEndpoints,
  notificationEndpoints,
  obeEndpoints,
  paymentEndpoints,
  placementEndpoints,
  portalEndpoints,
  registrationEndpoints,
  resultsEndpoints,
  setupEndpoints,
  timetableEndpoints,
  transportEndpoints,
  ZIdParams,
  type EndpointDefinition,
} from '@erp/shared';
import { endpointSchema, route } from '../src/lib/endpoint-route.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Modules whose routes are all registered from their packages/shared endpoint definitions
 * (lib/endpoint-route.ts), by the paths they own. A route added under one of these paths by hand,
 * or a schema that drifts from its definition, fails here.
 */
const CONVERTED: Array<{ prefixes: string[]; except?: string[]; endpoints: Record<string, EndpointDefinition> }> = [
  { prefixes: ['/api/library/'], endpoints: libraryEndpoints },
  { prefixes: ['/api/hostel/'], endpoints: hostelEndpoints },
  { prefixes: ['/api/transport/'], endpoints: transportEndpoints },
  { prefixes: ['/api/leave/'], endpoints: leaveEndpoints },
  { prefixes: ['/api/obe/'], endpoints: obeEndpoints },
  // /api/me/notifications is the notifications module's
  {
    prefixes: ['/api/me/', '/api/portal/', '/api/parents/'],
    except: ['/api/me/notifications', '/api/me/exams', '/api/me/invigilation', '/api/me/abc-id'],
    endpoints: portalEndpoints,
  },
  {
    prefixes: [
      '/api/exams',
      '/api/exam-rooms',
      '/api/me/exams',
      '/api/me/invigilation',
      '/api/me/abc-id',
      '/api/grace-rules',
      '/api/revaluation-requests',
      '/api/students/',
      '/api/regulations/',
    ],
    endpoints: { ...examsEndpoints, ...examHallsEndpoints, ...examDutiesEndpoints, ...examResultsEndpoints },
  },
  { prefixes: ['/api/grievances'], endpoints: grievanceEndpoints },
  { prefixes: ['/api/placements/'], endpoints: placementEndpoints },
  { prefixes: ['/api/timetable/', '/api/subject-allocations'], endpoints: timetableEndpoints },
  { prefixes: ['/api/accounts/'], endpoints: accountsEndpoints },
  // Legacy contract paths listed whole are registered by hand, with the definition's schemas.
  {
    prefixes: [
      '/api/admissions/',
      '/api/public/applications',
      '/api/v1/getAdmissionTypes',
      '/api/v1/getAllCasteCatogeries',
      '/api/v1/getAgentsForDropdown',
      '/api/v1/courses/view',
      '/api/v1/getBatchesByDegrees',
      '/api/v1/getBranchesShortForms',
      '/api/v1/getDistinct/SemesterMaintenanceSemesters',
      '/api/v1/getAllSubCastesByCaste/:caste',
      '/api/v1/getSeatTypes',
      '/api/v1/getKeyValuePair',
      '/api/v1/generateAdmistionNumber',
      '/api/v1/getNormalData',
      '/api/v1/saveApplicationFormData',
    ],
    except: ['/api/v1/getSeatTypesAsDrop'],
    endpoints: admissionEndpoints,
  },
  {
    prefixes: ['/api/registrations/', '/api/auth-service/auth/signup', '/api/auth-service/v1/getProgram'],
    endpoints: registrationEndpoints,
  },
  { prefixes: ['/api/logins/', '/api/v1/createStudentLogins', '/api/v1/createFacultyLogins'], endpoints: loginEndpoints },
  { prefixes: ['/api/auth-service/auth/resetUserPasswords'], endpoints: authEndpoints },
  {
    prefixes: [
      '/api/config',
      '/api/dashboard/',
      '/api/v1/getLogoDataForHeaders',
      '/api/v1/getContactData',
      '/api/v1/getCollegeName',
      '/api/v1/getDecryptedValue',
    ],
    endpoints: collegeEndpoints,
  },
  { prefixes: ['/api/setup'], endpoints: setupEndpoints },
  {
    prefixes: [
      '/api/faculty/',
      '/api/faculty-db/v1/getallprofiledata',
      '/api/faculty-db/v1/getReserachPapersBasedOnUserName',
      '/api/faculty-db/v1/getCountOfCitations',
      '/api/faculty-db/v1/getCountOfScoupos',
      '/api/faculty-db/v1/getMousCounByUserName',
      '/api/faculty-db/v1/getAwardsByFaculty',
    ],
    endpoints: facultyEndpoints,
  },
  {
    prefixes: [
      '/api/auth-service/v1/savefacultyAchievements',
      '/api/auth-service/v1/deletefacultyAchiveMent',
      '/api/auth-service/v1/getAllDepartmentDetails',
      '/api/auth-service/v1/getFacultyNamesBasedOnDepartment',
      '/api/auth-service/v1/getfacultyAchievements',
    ],
    endpoints: achievementEndpoints,
  },
  { prefixes: ['/api/attendance/'], endpoints: attendanceEndpoints },
  {
    prefixes: [
      '/api/exam-results/',
      '/api/v1/getDistinctExamTitlesBy',
      '/api/v1/getExamResultByRollNoView',
      '/api/v1/getExamResultByRollNoReport',
    ],
    endpoints: resultsEndpoints,
  },
  { prefixes: ['/api/masters/'], endpoints: mastersEndpoints },
  { prefixes: ['/api/calendar'], endpoints: calendarEndpoints },
  {
    prefixes: [
      '/api/alumni/',
      '/api/v1/saveAlumniStudentRegister',
      '/api/v1/saveAluminiHistoryByUrl',
      '/api/v1/getAlumniData',
      '/api/v1/getAlumniBatchesByCourse',
    ],
    endpoints: alumniEndpoints,
  },
  { prefixes: ['/api/me/notifications', '/api/outbox'], endpoints: notificationEndpoints },
  { prefixes: ['/api/naac/'], endpoints: naacEndpoints },
  { prefixes: ['/api/nirf/'], endpoints: nirfEndpoints },
  { prefixes: ['/api/documents/'], endpoints: documentEndpoints },
  {
    prefixes: [
      '/api/payments/',
      '/api/v1/getStudentsFeePaymentDetails',
      '/api/v1/getStudentPaidFeeTransationStatus',
      '/api/v1/saveFeePaymentDetails',
      '/api/v1/saveSuppleFeePayment',
    ],
    // the gateway's own pages: the demo gateway (HTML) and Lyra's notification (text)
    except: ['/api/payments/demo/', '/api/payments/lyra/'],
    endpoints: paymentEndpoints,
  },
];

type RouteRow = { method: string; url: string; schema: FastifySchema | undefined };

/** The ways a route table differs from the endpoint definitions of the paths it owns. */
function endpointDrift(
  routes: RouteRow[],
  prefixes: string[],
  endpoints: Record<string, EndpointDefinition>,
  except: string[] = [],
): string[] {
  const defined = new Map(Object.values(endpoints).map((e) => [`${e.method} ${e.path}`, e]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of routes) {
    if (!prefixes.some((p) => r.url.startsWith(p)) || except.some((p) => r.url.startsWith(p))) continue;
    const key = `${r.method} ${r.url}`;
    const endpoint = defined.get(key);
    if (!endpoint) {
      problems.push(`${key}: no endpoint definition`);
      continue;
    }
    seen.add(key);
    const want = endpointSchema(endpoint) as Record<string, unknown>;
    const got = (r.schema ?? {}) as Record<string, unknown>;
    for (const part of ['params', 'querystring', 'body', 'headers'])
      if (got[part] !== want[part]) problems.push(`${key}: ${part} is not the definition's`);
    if ((got.response as Record<string, unknown> | undefined)?.[200] !== endpoint.response)
      problems.push(`${key}: response is not the definition's`);
  }
  for (const key of defined.keys()) if (!seen.has(key)) problems.push(`${key}: defined but not registered`);
  return problems;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('typed endpoints: routes registered from packages/shared', () => {
  for (const { prefixes, except, endpoints } of CONVERTED)
    it(`${prefixes.join(' ')}: every route is its endpoint definition`, () => {
      expect(endpointDrift(t.app.routeSchemas, prefixes, endpoints, except)).toEqual([]);
    });

  it('notices a route added by hand, a schema that drifted and a definition left unregistered', () => {
    const endpoints = {
      renew: libraryEndpoints.renew,
      stats: libraryEndpoints.stats,
      rules: libraryEndpoints.rules,
    };
    const rows: RouteRow[] = [
      { method: 'POST', url: '/api/library/loans/:id/renew', schema: endpointSchema(libraryEndpoints.renew) },
      { method: 'GET', url: '/api/library/stats', schema: { response: { 200: z.object({ total: z.number() }) } } },
      { method: 'GET', url: '/api/library/extra', schema: { response: { 200: z.object({}) } } },
    ];
    expect(endpointDrift(rows, ['/api/library/'], endpoints)).toEqual([
      "GET /api/library/stats: response is not the definition's",
      'GET /api/library/extra: no endpoint definition',
      'GET /api/library/rules: defined but not registered',
    ]);
  });
});

describe('route(app, endpoint, access, handler)', () => {
  const sample = defineEndpoint({
    method: 'PUT',
    path: '/api/sample/items/:id',
    params: ZIdParams,
    query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
    body: z.object({ name: z.string().min(2, 'Name is too short') }),
    response: z.object({ id: z.number(), name: z.string(), dryRun: z.boolean() }),
  });

  async function sampleApp() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: FastifySchema[] = [];
    app.addHook('onRoute', (r) => void seen.push(r.schema!));
    route(app, sample, { access: 'public' }, async (req) => ({
      // params arrive coerced by the definition's schema: a number, typed as one
      id: req.params.id,
      name: req.body.name,
      dryRun: req.query.dryRun === 'true',
    }));
    await app.ready();
    return { app, seen };
  }

  it('registers the method, path and schemas of the definition', async () => {
    const { app, seen } = await sampleApp();
    expect(seen).toHaveLength(1);
    const [schema] = seen as Array<Record<string, unknown>>;
    expect(schema!.params).toBe(sample.params);
    expect(schema!.querystring).toBe(sample.query);
    expect(schema!.body).toBe(sample.body);
    expect(schema!.response).toEqual({ 200: sample.response });
    const ok = await app.inject({ method: 'PUT', url: '/api/sample/items/7?dryRun=true', payload: { name: 'Seven' } });
    expect(ok.json()).toEqual({ id: 7, name: 'Seven', dryRun: true });
    const refused = await app.inject({ method: 'PUT', url: '/api/sample/items/7', payload: { name: 'S' } });
    expect(refused.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/sample/items/7', payload: { name: 'Seven' } })).statusCode).toBe(404);
    await app.close();
  });

  it('documents an upload by its parts, and leaves `multipart: true` undocumented', () => {
    const parts = z.object({ file: z.string() });
    expect(
      endpointSchema(defineEndpoint({ method: 'POST', path: '/api/x', multipart: parts, response: z.object({}) })).multipart,
    ).toBe(parts);
    expect(
      endpointSchema(defineEndpoint({ method: 'POST', path: '/api/x', multipart: true, response: z.object({}) })),
    ).not.toHaveProperty('multipart');
  });
});
