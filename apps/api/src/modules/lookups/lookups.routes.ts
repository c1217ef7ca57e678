import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMISSION_ROLES, ZOptionalLookupParam, ZStringList, admissionEndpoints as a, lookupParam } from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import * as service from './lookups.service.js';

const names = { response: { 200: ZStringList } };

/**
 * Admission lookups (spec section 7). The academic structure (degrees, courses, batches,
 * branches, semesters) stays public: public screens such as the alumni forms use it. The rest
 * serves only the admission screens.
 */
export default async function lookupsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Read beside the writer, so the admission screens stay quick during a bulk import.
  const db = root.readDb;
  const staff = { access: ADMISSION_ROLES };
  const open = { access: 'public' as const };

  // The calls the admission screens make are registered from their admissionEndpoints definitions.
  route(app, a.seatTypes, staff, async (req) => service.seatTypes(db, req.college.id));
  app.get(`${V1}/getSeatTypesAsDrop`, { config: staff, schema: names }, async (req) =>
    service.seatTypesAsDrop(db, req.college.id),
  );
  app.get(
    `${V1}/getDegreeByLevel`,
    { config: open, schema: { querystring: z.object({ level: ZOptionalLookupParam }), ...names } },
    async (req) => service.degreesByLevel(db, req.college.id, req.query.level || undefined),
  );
  route(app, a.courses, open, async (req) => service.courses(db, req.college.id));
  route(app, a.batches, open, async (req) => service.batches(db, req.college.id, req.query.degree));
  // the same call by its other name
  app.get(`${V1}/getBatches`, { config: open, schema: { querystring: a.batches.query, ...names } }, async (req) =>
    service.batches(db, req.college.id, req.query.degree),
  );
  route(app, a.branches, open, async (req) => service.branches(db, req.college.id, req.query.course));
  app.get(
    `${V1}/getAllbranchesbasedonleveldegree`,
    {
      config: open,
      schema: { querystring: z.object({ level: ZOptionalLookupParam, course: lookupParam('course') }), ...names },
    },
    async (req) => service.branches(db, req.college.id, req.query.course, req.query.level || undefined),
  );
  route(app, a.semesters, open, async (req) => service.semesters(db, req.college.id, req.query.course));
  app.get(`${V1}/getAgentsForDropdown`, { config: staff, schema: names }, async (req) => service.agents(db, req.college.id));
  route(app, a.keyValues, staff, async (req) => service.keyValues(db, req.college.id, req.query.key));
  app.get(`${V1}/getAllCasteCatogeries`, { config: staff, schema: names }, async (req) => service.castes(db, req.college.id));
  route(app, a.subCastes, staff, async (req) => service.subCastes(db, req.college.id, req.params.caste));
  app.get(`${V1}/getAdmissionTypes`, { config: staff, schema: names }, async (req) => service.admissionTypes(db, req.college.id));
  /** Per-college admission switches the forms need (fee package), read from the college's settings. */
  route(app, a.settings, staff, async (req) => ({
    collegeCode: req.college.code,
    ...(await service.admissionSettings(db, req.college.id)),
  }));
}
