import type { FastifyInstance } from 'fastify';

export default async function paymentsRoutes(_app: FastifyInstance) {}
