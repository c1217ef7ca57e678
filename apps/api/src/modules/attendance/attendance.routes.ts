import type { FastifyInstance } from 'fastify';
import {
  ANALYTICS_ROLES,
  ATTENDANCE_MARK_ROLES,
  ATTENDANCE_VIEW_ROLES,
  SHORTAGE_ROLES,
  UNLOCK_ROLES,
  attendanceEndpoints as a,
} from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import * as exportsOf from './attendance.exports.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/index.js';
import * as service from './attendance.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The attendance sheet, its edits and unlocks, a student's percentages and the shortage list. */
export default async function attendanceRoutes(app: FastifyInstance) {
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));
  // Leadership reads the sheets and the shortage list (never unlocks): their attendance figures drill down to them.
  const sheetsRead = { access: [...new Set([...UNLOCK_ROLES, ...ANALYTICS_ROLES])] };
  const shortageRead = { access: [...new Set([...SHORTAGE_ROLES, ...ANALYTICS_ROLES])] };

  route(app, a.sheet, { access: ATTENDANCE_MARK_ROLES }, async (req) => service.sheet(app.db, await staff(req), req.query.date));
  route(app, a.submitSheet, { access: ATTENDANCE_MARK_ROLES }, async (req) => service.submit(app.db, await staff(req), req.body));
  route(app, a.sessions, sheetsRead, async (req) => service.sessionsOf(app.db, await staff(req), req.query));
  route(app, a.unlock, { access: UNLOCK_ROLES }, async (req) => service.unlock(app.db, await staff(req), req.params.id));
  route(app, a.history, { access: [...ATTENDANCE_MARK_ROLES, 'ROLE_ADMIN'] }, async (req) =>
    service.history(app.db, await staff(req), req.params.id),
  );
  // A read on the read-only connection: it never waits behind a sheet being saved.
  route(app, a.student, { access: ATTENDANCE_VIEW_ROLES }, async (req) =>
    service.studentAttendance(app.readDb, await masters.staffOf(app.readDb, requireUser(req.user)), req.params.rollNo),
  );
  route(app, a.shortage, shortageRead, async (req) => service.shortage(app.db, await staff(req), req.query));
  route(app, a.register, shortageRead, async (req, reply) => {
    const { file, name } = await exportsOf.monthlyRegister(app.db, await staff(req), req.query);
    return reply.type(XLSX_MIME).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(file);
  });
  route(app, a.shortagePdf, shortageRead, async (req, reply) => {
    const { pdf, name } = await exportsOf.shortagePdf(app.db, await staff(req), req.college.name, req.query, publicBaseUrl(req));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
  });
}
