import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { openReadDb } from './db/sqlite/read-db.js';
import { lanesMayAnswer, serverWithLanes, type ExpressLane } from './lib/express-lanes.js';
import { registerJsonParser } from './lib/json-body.js';
import { lazyChildLogger } from './lib/lazy-logger.js';
import { AccessLogController, serverLogger } from './lib/server-logger.js';
import { registerModules } from './modules/index.js';
import { wireModules } from './modules/wiring.js';
import { authPlugin } from './plugins/auth.js';
import { collegePlugin } from './plugins/college.js';
import { compressPlugin } from './plugins/compress.js';
import { corsPlugin } from './plugins/cors.js';
import { docsPlugin } from './plugins/docs.js';
import { jobsPlugin } from './plugins/jobs.js';
import { limitsPlugin } from './plugins/limits.js';
import { registerErrorHandler } from './plugins/errors.js';
import { responseSerializer } from './plugins/response-serializer.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';
import './plugins/types.js';
import { keepHeapNearLive } from './lib/heap-policy.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: boolean;
  /** where the log lines go (tests capture them); stdout otherwise */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, db, logger, logStream }: BuildOptions): Promise<FastifyInstance> {
  keepHeapNearLive();
  const lanes: ExpressLane[] = [];
  const log = logger === false ? null : serverLogger(config, logStream);
  const app = Fastify({
    serverFactory: serverWithLanes(lanes, lanesMayAnswer(config), log?.access),
    ...(log
      ? {
          loggerInstance: log.logger as FastifyBaseLogger,
          childLoggerFactory: lazyChildLogger,
          // one access line per request (lib/access-log.ts) instead of Fastify's two
          logController: new AccessLogController(log.access),
          ...(log.access ? { genReqId: () => log.access!.nextId() } : {}),
        }
      : { logger: false }),
    bodyLimit: 2 * 1024 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_MS (headers within 15 s): bodies that
    // trickle in a byte at a time are cut off instead of holding a connection for ever.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(15_000, config.REQUEST_TIMEOUT_MS),
      // how often Node looks for requests past their time (its default is every 30 s)
      connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS / 2),
    },
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
  }).withTypeProvider<ZodTypeProvider>();

  if (log) app.addHook('onClose', async () => log.sink.flush());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV === 'test'));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('expressLanes', lanes);
  const read = await openReadDb(config.database, db);
  app.decorate('readDb', read.db);
  app.addHook('onClose', read.close);

  registerErrorHandler(app);
  registerJsonParser(app);
  // Every API route with its schemas, for the test that each declares its response.
  app.decorate('routeSchemas', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') app.routeSchemas.push({ method, url: route.url, schema: route.schema });
    }
  });
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(limitsPlugin);
  await app.register(jobsPlugin);
  await app.register(corsPlugin);
  await app.register(collegePlugin);
  await app.register(authPlugin);
  await app.register(docsPlugin);
  wireModules();
  await registerModules(app);
  await app.register(webPlugin);
  return app;
}
