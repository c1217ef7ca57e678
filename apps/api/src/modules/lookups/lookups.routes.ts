import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMISSION_ROLES, ZCourseItem, ZKeyValue, ZSeatType, ZStringList, admissionEndpoints } from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import * as service from './lookups.service.js';

const name = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80);
const optional = z.string().trim().max(80).optional();
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

  app.get(`${V1}/getSeatTypes`, { config: staff, schema: { response: { 200: z.array(ZSeatType) } } }, async (req) =>
    service.seatTypes(db, req.college.id),
  );
  app.get(`${V1}/getSeatTypesAsDrop`, { config: staff, schema: names }, async (req) =>
    service.seatTypesAsDrop(db, req.college.id),
  );
  app.get(
    `${V1}/getDegreeByLevel`,
    { config: open, schema: { querystring: z.object({ level: optional }), ...names } },
    async (req) => service.degreesByLevel(db, req.college.id, req.query.level || undefined),
  );
  app.get(`${V1}/courses/view`, { config: open, schema: { response: { 200: z.array(ZCourseItem) } } }, async (req) =>
    service.courses(db, req.college.id),
  );
  for (const path of ['getBatchesByDegrees', 'getBatches']) {
    app.get(
      `${V1}/${path}`,
      { config: open, schema: { querystring: z.object({ degree: name('degree') }), ...names } },
      async (req) => service.batches(db, req.college.id, req.query.degree),
    );
  }
  app.get(
    `${V1}/getBranchesShortForms`,
    { config: open, schema: { querystring: z.object({ course: name('course'), batch: optional }), ...names } },
    async (req) => service.branches(db, req.college.id, req.query.course),
  );
  app.get(
    `${V1}/getAllbranchesbasedonleveldegree`,
    { config: open, schema: { querystring: z.object({ level: optional, course: name('course') }), ...names } },
    async (req) => service.branches(db, req.college.id, req.query.course, req.query.level || undefined),
  );
  app.get(
    `${V1}/getDistinct/SemesterMaintenanceSemesters`,
    { config: open, schema: { querystring: z.object({ course: name('course') }), ...names } },
    async (req) => service.semesters(db, req.college.id, req.query.course),
  );
  app.get(`${V1}/getAgentsForDropdown`, { config: staff, schema: names }, async (req) => service.agents(db, req.college.id));
  app.get(
    `${V1}/getKeyValuePair`,
    { config: staff, schema: { querystring: z.object({ key: name('key') }), response: { 200: z.array(ZKeyValue) } } },
    async (req) => service.keyValues(db, req.college.id, req.query.key),
  );
  app.get(`${V1}/getAllCasteCatogeries`, { config: staff, schema: names }, async (req) => service.castes(db, req.college.id));
  app.get(
    `${V1}/getAllSubCastesByCaste/:caste`,
    { config: staff, schema: { params: z.object({ caste: name('caste') }), ...names } },
    async (req) => service.subCastes(db, req.college.id, req.params.caste),
  );
  app.get(`${V1}/getAdmissionTypes`, { config: staff, schema: names }, async (req) => service.admissionTypes(db, req.college.id));
  /** Per-college admission switches the forms need (fee package), read from the college's settings. */
  route(app, admissionEndpoints.settings, staff, async (req) => ({
    collegeCode: req.college.code,
    ...(await service.admissionSettings(db, req.college.id)),
  }));
}
