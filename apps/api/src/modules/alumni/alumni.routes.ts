import type { FastifyInstance } from 'fastify';

export default async function alumniRoutes(_app: FastifyInstance) {}
