import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * An express lane answers one kind of request before Fastify sees it, and only when the answer is
 * already made (results day's repeats of the public lookup): it returns true when it has answered,
 * and false, without writing anything, for every request it leaves to Fastify, which stays the
 * one place that validates, refuses and logs. A lane must send what Fastify would have sent.
 */
export type ExpressLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Fastify's own HTTP/1 server (as it builds it without a factory), with the lanes asked first.
 * Lanes are added after the routes are registered, so the list is read on every request.
 */
export function serverWithLanes(lanes: readonly ExpressLane[]): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    // Fastify passes its options with their defaults filled in.
    const options = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(options.http ?? {}, (req, res) => {
      for (let i = 0; i < lanes.length; i++) if (lanes[i](req, res)) return;
      handler(req, res);
    });
    // As fastify/lib/server.js sets them for a server it creates.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
