import type { FastifyInstance } from 'fastify';
import { ALLOCATION_ROLES, TIMETABLE_READ_ROLES, timetableEndpoints as timetable } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/index.js';
import * as service from './timetable.service.js';

/** Subject allocation ("assigned subjects") and the weekly timetable with clash checks. */
export default async function timetableRoutes(app: FastifyInstance) {
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));
  const read = { access: TIMETABLE_READ_ROLES };

  route(app, timetable.allocate, { access: ALLOCATION_ROLES }, async (req) =>
    service.allocate(app.db, await staff(req), req.body),
  );
  route(app, timetable.allocations, { access: [...ALLOCATION_ROLES, 'ROLE_FACULTY', 'ROLE_PRINCIPAL'] }, async (req) =>
    service.allocations(app.db, await staff(req), req.query),
  );
  route(app, timetable.mine, read, async (req) => service.myTimetable(app.db, await staff(req)));
  route(app, timetable.section, read, async (req) => service.sectionTimetable(app.db, await staff(req), req.params.sectionId));
  route(app, timetable.saveSection, { access: ALLOCATION_ROLES }, async (req) =>
    service.saveTimetable(app.db, await staff(req), req.params.sectionId, req.body),
  );
}
