import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ATTENDANCE_MARK_ROLES,
  ATTENDANCE_VIEW_ROLES,
  SHORTAGE_ROLES,
  UNLOCK_ROLES,
  ZIdParams,
  ZAttendanceRollParams,
  ZSessionHistory,
  ZSessionResult,
  ZSheet,
  ZSheetQuery,
  ZSheetSubmit,
  ZShortage,
  ZShortageQuery,
  ZStudentAttendance,
  ZUnlockResult,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/masters.service.js';
import { setAttendanceProvider } from '../placements/placements.attendance.js';
import * as service from './attendance.service.js';

const A = `${API}/attendance`;

/** The attendance sheet, its edits and unlocks, a student's percentages and the shortage list. */
export default async function attendanceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The placements module's minimum-attendance criterion reads its figures from here.
  setAttendanceProvider(service.attendancePercentages);
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));

  app.get(
    `${A}/sheet`,
    { config: { access: ATTENDANCE_MARK_ROLES }, schema: { querystring: ZSheetQuery, response: { 200: ZSheet } } },
    async (req) => service.sheet(app.db, await staff(req), req.query.date),
  );
  app.put(
    `${A}/sessions`,
    { config: { access: ATTENDANCE_MARK_ROLES }, schema: { body: ZSheetSubmit, response: { 200: ZSessionResult } } },
    async (req) => service.submit(app.db, await staff(req), req.body),
  );
  app.post(
    `${A}/sessions/:id/unlock`,
    { config: { access: UNLOCK_ROLES }, schema: { params: ZIdParams, response: { 200: ZUnlockResult } } },
    async (req) => service.unlock(app.db, await staff(req), req.params.id),
  );
  app.get(
    `${A}/sessions/:id/history`,
    {
      config: { access: [...ATTENDANCE_MARK_ROLES, 'ROLE_ADMIN'] },
      schema: { params: ZIdParams, response: { 200: ZSessionHistory } },
    },
    async (req) => service.history(app.db, await staff(req), req.params.id),
  );
  app.get(
    `${A}/students/:rollNo`,
    {
      config: { access: ATTENDANCE_VIEW_ROLES },
      schema: { params: ZAttendanceRollParams, response: { 200: ZStudentAttendance } },
    },
    async (req) => service.studentAttendance(app.db, await staff(req), req.params.rollNo),
  );
  app.get(
    `${A}/shortage`,
    { config: { access: SHORTAGE_ROLES }, schema: { querystring: ZShortageQuery, response: { 200: ZShortage } } },
    async (req) => service.shortage(app.db, await staff(req), req.query),
  );
}
