import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ZSetup, ZSetupDone, ZSetupStatus } from '@erp/shared';
import * as service from './setup.service.js';

/** First-run setup: answers before any college exists (see plugins/college.ts). */
export default async function setupRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const, withoutCollege: true };

  app.get('/api/setup', { config, schema: { response: { 200: ZSetupStatus } } }, async () => service.status(app.db));

  app.post('/api/setup', { config, schema: { body: ZSetup, response: { 200: ZSetupDone } } }, async (req) => {
    const done = await service.complete(app.db, app.config, req.body);
    app.colleges.clear();
    return done;
  });
}
