import type { FastifyInstance } from 'fastify';

export default async function registrationsRoutes(_app: FastifyInstance) {}
