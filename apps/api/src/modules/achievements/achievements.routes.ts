import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ACHIEVEMENT_ROLES,
  ZAchievement,
  ZAchievementRef,
  ZAchievementRow,
  ZAchievementSaved,
  ZAchievementSearch,
  ZDepartmentRecord,
  ZFacultyName,
  ZFacultyNamesQuery,
  ZMessage,
} from '@erp/shared';
import { AUTH } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './achievements.service.js';

/** The auth service's faculty-achievement calls (api-contract.md), spelled as the contract spells them. */
export default async function achievementsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const access = { access: ACHIEVEMENT_ROLES };
  const scope = (user: Parameters<typeof requireUser>[0]) => service.scopeOf(app.db, requireUser(user));

  app.get(
    `${AUTH}/v1/getAllDepartmentDetails`,
    { config: access, schema: { response: { 200: z.array(ZDepartmentRecord) } } },
    async (req) => service.departmentDetails(app.db, req.college.id, await scope(req.user)),
  );

  app.get(
    `${AUTH}/v1/getFacultyNamesBasedOnDepartment`,
    { config: access, schema: { querystring: ZFacultyNamesQuery, response: { 200: z.array(ZFacultyName) } } },
    async (req) => service.facultyNames(app.db, req.college.id, await scope(req.user), req.query.department),
  );

  app.get(
    `${AUTH}/v1/getfacultyAchievements`,
    { config: access, schema: { querystring: ZAchievementSearch, response: { 200: z.array(ZAchievementRow) } } },
    async (req) => service.search(app.db, req.college.id, await scope(req.user), req.query.facultyDept, req.query.facultyName),
  );

  app.post(
    `${AUTH}/v1/savefacultyAchievements`,
    { config: access, schema: { body: ZAchievement, response: { 200: ZAchievementSaved } } },
    async (req) => service.save(app.db, requireUser(req.user), await scope(req.user), req.body),
  );

  app.delete(
    `${AUTH}/v1/deletefacultyAchiveMent`,
    { config: access, schema: { body: ZAchievementRef, response: { 200: ZMessage } } },
    async (req) => service.remove(app.db, req.college.id, await scope(req.user), req.body.id),
  );
}
