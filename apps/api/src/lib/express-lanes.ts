import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../config.js';
import type { AccessLog } from './access-log.js';

/**
 * An express lane answers one kind of request before Fastify sees it, and only when the answer is
 * already made (results day's repeats of the public lookup): it returns true when it has answered,
 * and false, without writing anything, for every request it leaves to Fastify, which stays the
 * one place that validates and refuses. A lane must send what Fastify would have sent; the access
 * log writes its line as it does for Fastify's answers.
 */
export type ExpressLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Whether the lanes may be asked for a request at all (lanesMayAnswer). */
export type LaneGate = (req: IncomingMessage) => boolean;

/**
 * The requests no lane may take, whatever it serves: anything but a GET without a body, and what
 * Fastify's own hooks would change: a cross-origin ask when CORS is on (its headers), and a
 * forwarded ask when proxies are trusted (the host and address it resolves).
 */
export function lanesMayAnswer(config: Pick<Config, 'CORS_ORIGINS' | 'TRUSTED_PROXIES'>): LaneGate {
  const cors = config.CORS_ORIGINS.length > 0;
  const proxied = config.TRUSTED_PROXIES.length > 0;
  return (req) => {
    const h = req.headers;
    if (req.method !== 'GET' || !h.host || h['content-length'] || h['transfer-encoding']) return false;
    return !((cors && h.origin) || (proxied && (h['x-forwarded-host'] || h['x-forwarded-for'])));
  };
}

/**
 * Fastify's own HTTP/1 server (as it builds it without a factory), with the lanes asked first.
 * Lanes are added after the routes are registered, so the list is read on every request.
 */
export function serverWithLanes(lanes: readonly ExpressLane[], mayAnswer: LaneGate, accessLog?: AccessLog | null): FastifyServerFactory {
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
      if (lanes.length > 0 && mayAnswer(req)) {
        const startedAt = accessLog ? performance.now() : 0;
        for (let i = 0; i < lanes.length; i++) {
          if (!lanes[i](req, res)) continue;
          accessLog?.lane(req, res, startedAt);
          return;
        }
      }
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
