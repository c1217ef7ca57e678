import type { FastifyInstance } from 'fastify';

export default async function facultyRoutes(_app: FastifyInstance) {}
