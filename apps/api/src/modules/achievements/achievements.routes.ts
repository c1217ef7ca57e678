import type { FastifyInstance } from 'fastify';

export default async function achievementsRoutes(_app: FastifyInstance) {}
