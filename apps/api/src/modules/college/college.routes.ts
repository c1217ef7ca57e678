import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './college.repo.js';
import * as service from './college.service.js';

export default async function collegeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;

  app.get(`${V1}/getLogoDataForHeaders`, { config: { access: 'public' } }, async (req) => service.logoData(app.db, req.college.id));
  app.get(`${V1}/getContactData`, { config: { access: 'public' } }, async (req) => service.contactData(app.db, req.college.id));
  app.get(`${V1}/getCollegeName`, { config: { access: 'public' } }, async (req, reply) => reply.type('text/plain').send(req.college.code));

  app.get(
    `${V1}/getDecryptedValue`,
    {
      config: { access: ADMIN_ROLES },
      schema: { querystring: z.object({ content: z.string().max(4000).optional(), type: z.string().max(20).optional() }) },
    },
    async (req, reply) => {
      try {
        return reply.type('text/plain').send(service.cipherTool(req.query.content, req.query.type, cfg.CIPHER_KEY));
      } catch (e) {
        // The contract answers this call in text, errors included.
        if (e instanceof AppError) return reply.status(e.statusCode).type('text/plain').send(e.message);
        throw e;
      }
    },
  );

  /** What the web app needs before anyone signs in. The cipher key is public by design (see cipher.ts). */
  app.get(`${API}/config`, { config: { access: 'public' } }, async (req) => ({
    collegeCode: req.college.code,
    collegeName: req.college.name,
    selfRegistrationOpen: cfg.SELF_REGISTRATION,
    cipherKey: cfg.CIPHER_KEY,
    paymentGateway: cfg.PAYMENT_GATEWAY,
    links: { exams: cfg.EXAMS_URL, obe: cfg.OBE_URL, results: cfg.RESULTS_URL },
  }));

  app.get(`${API}/dashboard/summary`, { config: { access: 'user' } }, async (req) => repo.summaryCounts(app.db, req.college.id));
}
