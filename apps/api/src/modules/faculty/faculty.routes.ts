import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { FACULTY_DB_ROLES, FACULTY_SELF_ROLES, ZCount, ZUserNameQuery, facultyEndpoints } from '@erp/shared';
import { FACULTY_DB } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './faculty.service.js';

/**
 * The faculty database calls (contract names, typos kept; the counts by hand, with the schemas of
 * their web definitions in facultyEndpoints) and REST calls for a member's own records.
 */
export default async function facultyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const dbAccess = { access: FACULTY_DB_ROLES };

  route(app, facultyEndpoints.profiles, dbAccess, async (req) => service.profiles(app.db, requireUser(req.user), req.query));

  const counts: Array<[string, service.CountName]> = [
    ['getReserachPapersBasedOnUserName', 'publications'],
    ['getCountOfCitations', 'citations'],
    ['getCountOfScoupos', 'scopus'],
    ['getMousCounByUserName', 'mous'],
    ['getAwardsByFaculty', 'awards'],
  ];
  for (const [call, which] of counts) {
    app.get(
      `${FACULTY_DB}/${call}`,
      { config: dbAccess, schema: { querystring: ZUserNameQuery, response: { 200: ZCount } } },
      async (req) => service.count(app.db, requireUser(req.user), req.query.userName, which),
    );
  }

  const own = { access: FACULTY_SELF_ROLES };
  const f = facultyEndpoints;
  const kinds = [
    ['publications', f.publications, f.createPublication, f.updatePublication, f.deletePublication],
    ['mous', f.mous, f.createMou, f.updateMou, f.deleteMou],
    ['awards', f.awards, f.createAward, f.updateAward, f.deleteAward],
  ] as const;
  for (const [kind, list, create, update, remove] of kinds) {
    route(app, list, own, async (req) => service.list(app.db, requireUser(req.user), kind));
    route(app, create, own, async (req) => service.create(app.db, requireUser(req.user), kind, req.body));
    route(app, update, own, async (req) => service.update(app.db, requireUser(req.user), kind, req.params.id, req.body));
    route(app, remove, own, async (req) => service.remove(app.db, requireUser(req.user), kind, req.params.id));
  }
}
