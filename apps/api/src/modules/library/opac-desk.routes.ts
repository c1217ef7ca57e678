import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { LIBRARY_STAFF, ZIdParams, ZOpacSubjects, ZOpacTitle, ZPatronMatches, ZPatronSearch } from '@erp/shared';
import { API } from '../../lib/bases.js';
import * as service from './library.service.js';

const LIB = `${API}/library`;

/** The OPAC's title page and subject list (public), and the desk's patron search. */
export async function opacAndDeskRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${LIB}/opac/titles/:id`,
    { config: { access: 'public' }, schema: { params: ZIdParams, response: { 200: ZOpacTitle } } },
    async (req) => service.opacTitle(root.db, req.college.id, req.params.id),
  );
  app.get(
    `${LIB}/opac/subjects`,
    { config: { access: 'public' }, schema: { response: { 200: ZOpacSubjects } } },
    async (req) => service.opacSubjects(root.readDb, req.college.id),
  );
  app.get(
    `${LIB}/patrons`,
    { config: { access: LIBRARY_STAFF }, schema: { querystring: ZPatronSearch, response: { 200: ZPatronMatches } } },
    async (req) => ({ items: await service.searchPatrons(root.db, req.college.id, req.query.q) }),
  );
}
