import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ZDocumentCodeParam, ZIssuedDocument } from '@erp/shared';
import * as service from './documents.service.js';

/** Public check of an issued document's QR code (letters, passes, receipts). */
export default async function documentsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/documents/verify/:code',
    { config: { access: 'public' }, schema: { params: ZDocumentCodeParam, response: { 200: ZIssuedDocument } } },
    async (req) => service.verify(app.db, req.college.id, req.params.code),
  );
}
