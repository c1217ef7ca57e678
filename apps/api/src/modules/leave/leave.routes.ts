import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  LEAVE_ADMIN_ROLES,
  LEAVE_APPLY_ROLES,
  LEAVE_DECIDE_ROLES,
  LEAVE_VIEW_ROLES,
  ZAllocateBalances,
  ZAllocateResult,
  ZBackupDecision,
  ZBalanceList,
  ZBalanceQuery,
  ZIdParams,
  ZLeaveApplication,
  ZLeaveApplicationList,
  ZLeaveApply,
  ZLeaveCalendar,
  ZLeaveCalendarQuery,
  ZLeaveDecision,
  ZLeaveListQuery,
  ZLeaveType,
  ZLeaveTypeInput,
  ZLeaveTypeList,
  ZMessage,
  ZMissedClasses,
  ZMissedClassesQuery,
  ZReplaceBackup,
} from '@erp/shared';
import { z } from 'zod';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/masters.service.js';
import * as service from './leave.service.js';

const L = `${API}/leave`;

/** Leave types and balances (admin), applying with backups, backup decisions, HoD/principal approval. */
export default async function leaveRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => masters.staffOf(app.db, requireUser(req.user));

  app.get(`${L}/types`, { config: { access: LEAVE_VIEW_ROLES }, schema: { response: { 200: ZLeaveTypeList } } }, async (req) =>
    service.leaveTypes(app.db, req.college.id),
  );
  app.post(
    `${L}/types`,
    { config: { access: LEAVE_ADMIN_ROLES }, schema: { body: ZLeaveTypeInput, response: { 200: ZLeaveType } } },
    async (req) => service.saveType(app.db, req.college.id, req.body),
  );
  app.put(
    `${L}/types/:id`,
    {
      config: { access: LEAVE_ADMIN_ROLES },
      schema: { params: ZIdParams, body: ZLeaveTypeInput, response: { 200: ZLeaveType } },
    },
    async (req) => service.saveType(app.db, req.college.id, req.body, req.params.id),
  );
  app.delete(
    `${L}/types/:id`,
    { config: { access: LEAVE_ADMIN_ROLES }, schema: { params: ZIdParams, response: { 200: ZMessage } } },
    async (req) => service.retireType(app.db, req.college.id, req.params.id),
  );
  app.get(
    `${L}/balances`,
    { config: { access: LEAVE_VIEW_ROLES }, schema: { querystring: ZBalanceQuery, response: { 200: ZBalanceList } } },
    async (req) => service.balances(app.db, await staff(req), req.query),
  );
  app.post(
    `${L}/balances/allocate`,
    { config: { access: LEAVE_ADMIN_ROLES }, schema: { body: ZAllocateBalances, response: { 200: ZAllocateResult } } },
    async (req) => service.allocateBalances(app.db, req.college.id, req.body.academicYear),
  );
  app.get(
    `${L}/missed-classes`,
    { config: { access: LEAVE_APPLY_ROLES }, schema: { querystring: ZMissedClassesQuery, response: { 200: ZMissedClasses } } },
    async (req) => service.missedClasses(app.db, await staff(req), req.query.fromDate, req.query.toDate),
  );
  app.get(
    `${L}/applications`,
    { config: { access: LEAVE_VIEW_ROLES }, schema: { querystring: ZLeaveListQuery, response: { 200: ZLeaveApplicationList } } },
    async (req) => service.list(app.db, await staff(req), req.query.view),
  );
  app.post(
    `${L}/applications`,
    {
      config: { access: LEAVE_APPLY_ROLES },
      schema: { body: ZLeaveApply, response: { 200: ZLeaveApplication.extend({ message: z.string() }) } },
    },
    async (req) => service.apply(app.db, await staff(req), req.body),
  );
  app.post(
    `${L}/applications/:id/backup-decision`,
    {
      config: { access: LEAVE_APPLY_ROLES },
      schema: { params: ZIdParams, body: ZBackupDecision, response: { 200: ZLeaveApplication } },
    },
    async (req) => service.backupDecision(app.db, await staff(req), req.params.id, req.body.accept),
  );
  app.put(
    `${L}/applications/:id/backups`,
    {
      config: { access: LEAVE_APPLY_ROLES },
      schema: { params: ZIdParams, body: ZReplaceBackup, response: { 200: ZLeaveApplication } },
    },
    async (req) => service.replaceBackup(app.db, await staff(req), req.params.id, req.body.backupId, req.body.backupFacultyId),
  );
  app.post(
    `${L}/applications/:id/decision`,
    {
      config: { access: LEAVE_DECIDE_ROLES },
      schema: { params: ZIdParams, body: ZLeaveDecision, response: { 200: ZLeaveApplication } },
    },
    async (req) => service.decide(app.db, await staff(req), req.params.id, req.body.approve, req.body.note),
  );
  app.get(
    `${L}/calendar`,
    { config: { access: LEAVE_VIEW_ROLES }, schema: { querystring: ZLeaveCalendarQuery, response: { 200: ZLeaveCalendar } } },
    async (req) => service.calendar(app.db, await staff(req), req.query.month, req.query.department),
  );
}
