import type { FastifyInstance } from 'fastify';

export default async function admissionsRoutes(_app: FastifyInstance) {}
