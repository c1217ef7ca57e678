import type { FastifyInstance } from 'fastify';
import { documentEndpoints } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import * as service from './documents.service.js';

/** Public check of an issued document's QR code (letters, passes, receipts). */
export default async function documentsRoutes(app: FastifyInstance) {
  route(app, documentEndpoints.verify, { access: 'public' }, async (req) =>
    service.verify(app.db, req.college.id, req.params.code),
  );
}
