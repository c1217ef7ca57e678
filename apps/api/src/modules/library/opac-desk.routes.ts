import type { FastifyInstance } from 'fastify';
import { LIBRARY_STAFF, libraryEndpoints as lib } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import * as service from './library.service.js';

/** The OPAC's title page and subject list (public), and the desk's patron search. */
export async function opacAndDeskRoutes(app: FastifyInstance) {
  route(app, lib.opacTitle, { access: 'public' }, async (req) => service.opacTitle(app.db, req.college.id, req.params.id));
  route(app, lib.opacSubjects, { access: 'public' }, async (req) => service.opacSubjects(app.readDb, req.college.id));
  route(app, lib.patronSearch, { access: LIBRARY_STAFF }, async (req) => ({
    items: await service.searchPatrons(app.db, req.college.id, req.query.q),
  }));
}
