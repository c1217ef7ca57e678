import type { FastifyInstance } from 'fastify';

export default async function loginsRoutes(_app: FastifyInstance) {}
