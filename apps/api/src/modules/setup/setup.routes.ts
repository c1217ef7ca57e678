import type { FastifyInstance } from 'fastify';
import { setupEndpoints as setup } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import * as service from './setup.service.js';

/** First-run setup: answers before any college exists (see plugins/college.ts). */
export default async function setupRoutes(app: FastifyInstance) {
  const config = { access: 'public' as const, withoutCollege: true };

  route(app, setup.status, config, async () => service.status(app.db));

  route(app, setup.complete, config, async (req) => {
    const done = await service.complete(app.db, app.config, req.body);
    app.colleges.clear();
    return done;
  });
}
