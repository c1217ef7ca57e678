import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ALLOCATION_ROLES,
  TIMETABLE_READ_ROLES,
  ZAllocationInput,
  ZAllocationList,
  ZAllocationQuery,
  ZSectionParams,
  ZTimetable,
  ZTimetableInput,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/masters.service.js';
import * as service from './timetable.service.js';

/** Subject allocation ("assigned subjects") and the weekly timetable with clash checks. */
export default async function timetableRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));

  app.post(
    `${API}/subject-allocations`,
    { config: { access: ALLOCATION_ROLES }, schema: { body: ZAllocationInput, response: { 200: ZAllocationList } } },
    async (req) => service.allocate(app.db, await staff(req), req.body),
  );
  app.get(
    `${API}/subject-allocations`,
    {
      config: { access: [...ALLOCATION_ROLES, 'ROLE_FACULTY', 'ROLE_PRINCIPAL'] },
      schema: { querystring: ZAllocationQuery, response: { 200: ZAllocationList } },
    },
    async (req) => service.allocations(app.db, await staff(req), req.query),
  );
  app.get(
    `${API}/timetable/me`,
    { config: { access: TIMETABLE_READ_ROLES }, schema: { response: { 200: ZTimetable } } },
    async (req) => service.myTimetable(app.db, await staff(req)),
  );
  app.get(
    `${API}/timetable/:sectionId`,
    { config: { access: TIMETABLE_READ_ROLES }, schema: { params: ZSectionParams, response: { 200: ZTimetable } } },
    async (req) => service.sectionTimetable(app.db, await staff(req), req.params.sectionId),
  );
  app.put(
    `${API}/timetable/:sectionId`,
    {
      config: { access: ALLOCATION_ROLES },
      schema: { params: ZSectionParams, body: ZTimetableInput, response: { 200: ZTimetable } },
    },
    async (req) => service.saveTimetable(app.db, await staff(req), req.params.sectionId, req.body),
  );
}
