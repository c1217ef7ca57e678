import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ADMIN_ROLES, ZContactData, ZLogoData, collegeEndpoints as college, textResponse } from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './college.service.js';

export default async function collegeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;

  app.get(
    `${V1}/getLogoDataForHeaders`,
    { config: { access: 'public' }, schema: { response: { 200: ZLogoData } } },
    async (req, reply) => {
      // 36 KB of images that rarely change: cached for an hour, then revalidated by ETag (304).
      const data = await service.logoData(app.db, req.college.id);
      const etag = `"${createHash('sha1').update(JSON.stringify(data)).digest('base64url')}"`;
      reply.header('cache-control', 'public, max-age=3600, must-revalidate').header('etag', etag);
      // 304 has no body (nothing to serialise), so the 200 schema is the only one the route declares
      if (req.headers['if-none-match'] === etag) return reply.status(304 as 200).send(undefined as never);
      return data;
    },
  );
  app.get(`${V1}/getContactData`, { config: { access: 'public' }, schema: { response: { 200: ZContactData } } }, async (req) =>
    service.contactData(app.db, req.college.id),
  );
  route(app, college.collegeCode, { access: 'public' }, async (req, reply) => reply.type('text/plain').send(req.college.code));

  app.get(
    `${V1}/getDecryptedValue`,
    {
      config: { access: ADMIN_ROLES },
      schema: {
        querystring: college.cipher.query,
        response: { 200: college.cipher.response, 400: textResponse('what is wrong') },
      },
    },
    async (req, reply) => {
      try {
        return reply.type('text/plain').send(service.cipherTool(req.query.content, req.query.type, cfg.CIPHER_KEY));
      } catch (e) {
        // The contract answers this call in text, errors included.
        if (e instanceof AppError)
          return reply
            .status(e.statusCode as 400)
            .type('text/plain')
            .send(e.message);
        throw e;
      }
    },
  );

  /** What the web app needs before anyone signs in. The cipher key is public by design (see cipher.ts). */
  route(app, college.config, { access: 'public' }, async (req) => service.appConfig(req.college, cfg));

  route(app, college.dashboardSummary, { access: 'user' }, async (req) =>
    service.dashboardSummary(app.db, req.college.id, requireUser(req.user).roles),
  );
}
