import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { openReadDb } from './db/read-db.js';
import { registerModules } from './modules/index.js';
import { authPlugin } from './plugins/auth.js';
import { collegePlugin } from './plugins/college.js';
import { corsPlugin } from './plugins/cors.js';
import { registerErrorHandler } from './plugins/errors.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';
import './plugins/types.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: boolean;
}

export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info') },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  const read = await openReadDb(config, db);
  app.decorate('readDb', read.db);
  app.addHook('onClose', read.close);

  registerErrorHandler(app);
  await app.register(swagger, {
    openapi: { info: { title: 'College ERP portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(corsPlugin);
  await app.register(collegePlugin);
  await app.register(authPlugin);

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await registerModules(app);
  await app.register(webPlugin);
  return app;
}
