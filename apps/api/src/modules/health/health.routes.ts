import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' };
    } catch (e) {
      app.log.error({ err: e }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
