import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { EndpointDefinition, EndpointInput, EndpointResponse } from '@erp/shared';
import type { Access } from '../plugins/types.js';

/** The request a route's handler gets: params, query and body as its endpoint's schemas read them. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest & EndpointInput<E>;

/** A handler answers the endpoint's response, or the reply it sent itself (a file). */
export type EndpointHandler<E extends EndpointDefinition> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply;

/** The route schema of an endpoint, as the routes declared it by hand before. */
export function endpointSchema(endpoint: EndpointDefinition): FastifySchema {
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.headers) schema.headers = endpoint.headers;
  if (endpoint.multipart && endpoint.multipart !== true) schema.multipart = endpoint.multipart;
  schema.response = { 200: endpoint.response };
  return schema;
}

/**
 * Registers the route of an endpoint defined in packages/shared: its method, path and schemas
 * come from the definition (so the web's calls and /api/docs match it); who may call it
 * (`config.access`, `limit`, ...) and the handler stay here.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  config: FastifyContextConfig & { access: Access },
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: endpointSchema(endpoint),
    handler: handler as unknown as Parameters<FastifyInstance['route']>[0]['handler'],
  });
}
