import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@erp/shared';
import { setScopeAccess } from './auth.js';
import type { Access } from './types.js';

export const DOCS_PREFIX = '/api/docs';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * Zod schemas to JSON Schema for the document; an upload call's `multipart` schema (its parts,
 * which the route reads itself) becomes a multipart/form-data request body.
 */
const transform: Transform = (doc) => {
  const { multipart, ...schema } = (doc.schema ?? {}) as Record<string, unknown>;
  const out = jsonSchemaTransform({ ...doc, schema } as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: Record<string, unknown>;
    url: string;
  };
  if (multipart instanceof z.ZodType && !out.schema.hide) {
    const { $schema: _ignored, ...body } = z.toJSONSchema(multipart, {
      target: 'openapi-3.0',
      io: 'input',
      unrepresentable: 'any',
    });
    out.schema = { ...out.schema, body, consumes: ['multipart/form-data'] };
  }
  return out;
};

/** The OpenAPI document as /api/openapi.json serves it. */
const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The API's OpenAPI document (`/api/openapi.json`) and a browsable reference (`/api/docs`), both
 * built from the routes' own schemas. API_DOCS: `public` (the default outside production),
 * `admin` (admin roles with their bearer token; the default in production) or `off`.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'College ERP portal API',
        version: '1.0.0',
        description:
          'The legacy calls (/api/v1/, /api/auth-service/, /api/faculty-db/v1/) keep the legacy names and shapes; ' +
          'new calls live under /api/. Send `Authorization: Bearer <token>` from sign-in.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  const mode = app.config.API_DOCS;
  if (mode === 'off') return;
  const access: Access = mode === 'admin' ? ADMIN_ROLES : 'public';

  app.get(
    '/api/openapi.json',
    { config: { access }, schema: { hide: true, response: { 200: ZOpenApiDocument } } },
    async () => app.swagger() as unknown as z.infer<typeof ZOpenApiDocument>,
  );

  await app.register(async (scope) => {
    // The reference's own pages and files get the same access as the document.
    setScopeAccess(scope, access);
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false },
    });
  });
});
