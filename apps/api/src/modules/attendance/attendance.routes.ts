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
  ZRegisterQuery,
  ZSessionList,
  ZSessionListQuery,
  ZShortagePdfQuery,
  binaryResponse,
} from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import * as exportsOf from './attendance.exports.js';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as masters from '../masters/index.js';
import * as service from './attendance.service.js';

const A = `${API}/attendance`;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The attendance sheet, its edits and unlocks, a student's percentages and the shortage list. */
export default async function attendanceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
  app.get(
    `${A}/sessions`,
    { config: { access: UNLOCK_ROLES }, schema: { querystring: ZSessionListQuery, response: { 200: ZSessionList } } },
    async (req) => service.sessionsOf(app.db, await staff(req), req.query),
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
    // A read on the read-only connection: it never waits behind a sheet being saved.
    async (req) =>
      service.studentAttendance(root.readDb, await masters.staffOf(root.readDb, requireUser(req.user)), req.params.rollNo),
  );
  app.get(
    `${A}/shortage`,
    { config: { access: SHORTAGE_ROLES }, schema: { querystring: ZShortageQuery, response: { 200: ZShortage } } },
    async (req) => service.shortage(app.db, await staff(req), req.query),
  );
  app.get(
    `${A}/register.xlsx`,
    { config: { access: SHORTAGE_ROLES }, schema: { querystring: ZRegisterQuery, response: { 200: binaryResponse(XLSX_MIME) } } },
    async (req, reply) => {
      const { file, name } = await exportsOf.monthlyRegister(app.db, await staff(req), req.query);
      return reply.type(XLSX_MIME).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(file);
    },
  );
  app.get(
    `${A}/shortage.pdf`,
    {
      config: { access: SHORTAGE_ROLES },
      schema: { querystring: ZShortagePdfQuery, response: { 200: binaryResponse('application/pdf') } },
    },
    async (req, reply) => {
      const { pdf, name } = await exportsOf.shortagePdf(
        app.db,
        await staff(req),
        req.college.name,
        req.query,
        publicBaseUrl(req),
      );
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );
}
