import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { MSG, ZErrorResponse, ZMessage, ZRegistration, ZSignIn, ZSignInResponse, ZStringList, authEndpoints } from '@erp/shared';
import { AUTH } from '../../lib/bases.js';
import { clearSessionCookies, setSessionCookies } from '../../lib/session-cookie.js';
import { presentedTokens, requireUser } from '../../plugins/auth.js';
import * as service from './auth.service.js';
import { guardedSignIn } from './signin-guard.js';

export default async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const production = root.config.NODE_ENV === 'production';

  app.post(
    `${AUTH}/auth/signin`,
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ module: z.string().max(60).optional() }),
        body: ZSignIn,
        response: { 200: ZSignInResponse },
      },
    },
    async (req, reply) => {
      const user = await guardedSignIn(app.db, root.config, req.college.id, req.ip, req.body.username, () =>
        service.signIn(app.db, req.college, req.body, root.config.JWT_SECRET, root.colleges),
      );
      // The legacy answer keeps its token; the web app uses the HttpOnly cookie instead.
      setSessionCookies(req, reply, user.token, root.config.JWT_SECRET, production);
      return user;
    },
  );

  // Sign-out ends the session of the token presented, as cookie or bearer, on every replica. The
  // web app sends no CSRF token here: a forged sign-out could only end a session, and SameSite
  // keeps the cookie off other sites' posts.
  app.post('/api/auth/signout', { config: { access: 'public' }, schema: { response: { 200: ZMessage } } }, async (req, reply) => {
    const result = await service.signOut(app.db, [app.db, root.readDb], presentedTokens(req), root.config.JWT_SECRET);
    clearSessionCookies(req, reply, production);
    return result;
  });

  // Self-registration creates accounts (pending approval): a few an hour from one address.
  const signupLimit = { name: 'signup', max: root.config.SIGNUP_RATE_LIMIT, windowMs: 3_600_000, message: MSG.tooManyRequests };
  app.post(
    `${AUTH}/auth/signup`,
    { config: { access: 'public', limit: signupLimit }, schema: { body: ZRegistration, response: { 200: ZMessage } } },
    async (req) => service.signUp(app.db, req.college, req.body, root.config.CIPHER_KEY, root.config.SELF_REGISTRATION),
  );

  app.post(
    `${AUTH}/auth/resetUserPasswords`,
    {
      config: { access: 'user', allowBeforePasswordChange: true },
      schema: {
        body: authEndpoints.changePassword.body,
        response: { 200: authEndpoints.changePassword.response, 400: ZErrorResponse },
      },
      // The legacy answer to a bad body is { status: 0, message }: the handler checks the body itself.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (req) => service.changePassword(app.db, requireUser(req.user), req.body),
  );

  app.get(`${AUTH}/v1/getProgram`, { config: { access: 'public' }, schema: { response: { 200: ZStringList } } }, async (req) =>
    service.departmentNames(app.db, req.college.id),
  );
}
