import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { MSG, ZChangePassword, ZRegistration, ZSignIn } from '@erp/shared';
import { AUTH } from '../../lib/bases.js';
import { unauthorized } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import * as repo from './auth.repo.js';
import * as service from './auth.service.js';

function hostOf(domain: string | undefined): string | null {
  if (!domain) return null;
  try {
    return new URL(/^[a-z]+:\/\//i.test(domain) ? domain : `http://${domain}`).hostname;
  } catch {
    return null;
  }
}

export default async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${AUTH}/auth/signin`,
    {
      config: {
        access: 'public',
        rateLimit: {
          max: root.config.SIGNIN_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `${req.ip}|${String((req.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManySignIns }),
        },
      },
      schema: { querystring: z.object({ module: z.string().max(60).optional() }), body: ZSignIn },
    },
    async (req) => {
      // The page address names the college; a user signs in only to their own college.
      const host = hostOf(req.body.domain);
      const named = host ? await root.colleges.findByDomain(host) : null;
      if (named && named.id !== req.college.id) throw unauthorized(MSG.wrongCredentials);
      return service.signIn(app.db, req.college, req.body, root.config.JWT_SECRET);
    },
  );

  app.post(`${AUTH}/auth/signup`, { config: { access: 'public' }, schema: { body: ZRegistration } }, async (req) =>
    service.signUp(app.db, req.college, req.body, root.config.CIPHER_KEY, root.config.SELF_REGISTRATION),
  );

  app.post(`${AUTH}/auth/resetUserPasswords`, { config: { access: 'user', allowBeforePasswordChange: true } }, async (req, reply) => {
    const parsed = ZChangePassword.safeParse(req.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ status: 0, message: errors[0].message, errors });
    }
    return service.changePassword(app.db, requireUser(req.user), parsed.data);
  });

  app.get(`${AUTH}/v1/getProgram`, { config: { access: 'public' } }, async (req) => repo.departmentNames(app.db, req.college.id));
}
