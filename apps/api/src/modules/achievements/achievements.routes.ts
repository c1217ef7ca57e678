import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ACHIEVEMENT_ROLES,
  ZAchievement,
  ZAchievementRef,
  ZAchievementSaved,
  ZMessage,
  achievementEndpoints as a,
} from '@erp/shared';
import { AUTH } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './achievements.service.js';

/** The auth service's faculty-achievement calls (api-contract.md), spelled as the contract spells them. */
export default async function achievementsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const access = { access: ACHIEVEMENT_ROLES };
  const scope = (user: Parameters<typeof requireUser>[0]) => service.scopeOf(app.db, requireUser(user));

  route(app, a.departments, access, async (req) => service.departmentDetails(app.db, req.college.id, await scope(req.user)));

  route(app, a.facultyNames, access, async (req) =>
    service.facultyNames(app.db, req.college.id, await scope(req.user), req.query.department),
  );

  route(app, a.search, access, async (req) =>
    service.search(app.db, req.college.id, await scope(req.user), req.query.facultyDept, req.query.facultyName),
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
