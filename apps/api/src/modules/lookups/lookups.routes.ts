import type { FastifyInstance } from 'fastify';

export default async function lookupsRoutes(_app: FastifyInstance) {}
