import type { FastifyInstance } from 'fastify';
import { LEAVE_ADMIN_ROLES, LEAVE_APPLY_ROLES, LEAVE_DECIDE_ROLES, LEAVE_VIEW_ROLES, leaveEndpoints as leave } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/index.js';
import * as service from './leave.service.js';

/** Leave types and balances (admin), applying with backups, backup decisions, HoD/principal approval. */
export default async function leaveRoutes(app: FastifyInstance) {
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));
  const admin = { access: LEAVE_ADMIN_ROLES };
  const view = { access: LEAVE_VIEW_ROLES };
  const apply = { access: LEAVE_APPLY_ROLES };

  route(app, leave.types, view, async (req) => service.leaveTypes(app.db, req.college.id));
  route(app, leave.createType, admin, async (req) => service.saveType(app.db, req.college.id, req.body));
  route(app, leave.updateType, admin, async (req) => service.saveType(app.db, req.college.id, req.body, req.params.id));
  route(app, leave.retireType, admin, async (req) => service.retireType(app.db, req.college.id, req.params.id));
  route(app, leave.balances, view, async (req) => service.balances(app.db, await staff(req), req.query));
  route(app, leave.allocate, admin, async (req) => service.allocateBalances(app.db, req.college.id, req.body.academicYear));
  route(app, leave.missedClasses, apply, async (req) =>
    service.missedClasses(app.db, await staff(req), req.query.fromDate, req.query.toDate),
  );
  route(app, leave.applications, view, async (req) => service.list(app.db, await staff(req), req.query.view));
  route(app, leave.apply, apply, async (req) => service.apply(app.db, await staff(req), req.body));
  route(app, leave.backupDecision, apply, async (req) =>
    service.backupDecision(app.db, await staff(req), req.params.id, req.body.accept),
  );
  route(app, leave.replaceBackup, apply, async (req) =>
    service.replaceBackup(app.db, await staff(req), req.params.id, req.body.backupId, req.body.backupFacultyId),
  );
  route(app, leave.decide, { access: LEAVE_DECIDE_ROLES }, async (req) =>
    service.decide(app.db, await staff(req), req.params.id, req.body.approve, req.body.note),
  );
  route(app, leave.calendar, view, async (req) =>
    service.calendar(app.db, await staff(req), req.query.month, req.query.department),
  );
}
