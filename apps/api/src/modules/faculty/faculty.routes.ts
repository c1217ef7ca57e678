import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  FACULTY_DB_ROLES,
  FACULTY_SELF_ROLES,
  ZAward,
  ZAwardRow,
  ZCount,
  ZFacultyProfile,
  ZMessage,
  ZMou,
  ZMouRow,
  ZProfileQuery,
  ZPublication,
  ZPublicationRow,
  ZSavedId,
  ZUserNameQuery,
} from '@erp/shared';
import { API, FACULTY_DB } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './faculty.service.js';

/** The faculty database calls (contract names, typos kept) and REST calls for a member's own records. */
export default async function facultyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const dbAccess = { access: FACULTY_DB_ROLES };

  app.get(
    `${FACULTY_DB}/getallprofiledata`,
    { config: dbAccess, schema: { querystring: ZProfileQuery, response: { 200: z.array(ZFacultyProfile) } } },
    async (req) => service.profiles(app.db, requireUser(req.user), req.query),
  );

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
  const idParam = z.object({ id: z.coerce.number().int().positive() });
  const kinds = [
    ['publications', ZPublication, ZPublicationRow],
    ['mous', ZMou, ZMouRow],
    ['awards', ZAward, ZAwardRow],
  ] as const;
  for (const [kind, schema, row] of kinds) {
    const base = `${API}/faculty/${kind}`;
    app.get(base, { config: own, schema: { response: { 200: z.array(row) } } }, async (req) =>
      service.list(app.db, requireUser(req.user), kind),
    );
    app.post(base, { config: own, schema: { body: schema, response: { 200: ZSavedId } } }, async (req) =>
      service.create(app.db, requireUser(req.user), kind, req.body),
    );
    app.put(`${base}/:id`, { config: own, schema: { params: idParam, body: schema, response: { 200: ZSavedId } } }, async (req) =>
      service.update(app.db, requireUser(req.user), kind, req.params.id, req.body),
    );
    app.delete(`${base}/:id`, { config: own, schema: { params: idParam, response: { 200: ZMessage } } }, async (req) =>
      service.remove(app.db, requireUser(req.user), kind, req.params.id),
    );
  }
}
