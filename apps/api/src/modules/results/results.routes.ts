import type { FastifyInstance } from 'fastify';

export default async function resultsRoutes(_app: FastifyInstance) {}
