import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ZErrorResponse, ZHealth, ZReady } from '@erp/shared';

export default async function healthRoutes(app: FastifyInstance) {
  const config = { access: 'public' as const, withoutCollege: true };
  app.get('/api/health', { config, schema: { response: { 200: ZHealth } } }, async () => ({ status: 'ok' as const }));

  app.get('/api/ready', { config, schema: { response: { 200: ZReady, 503: ZErrorResponse } } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' as const };
    } catch (e) {
      app.log.error({ err: e }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
