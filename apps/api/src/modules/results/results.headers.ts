import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * @fastify/helmet builds its whole middleware (CSP parsing included) again on every request,
 * which costs the results-day lookup about as much as its query. Routes that use this hook opt
 * out of the per-request build (`helmet: false`) and get the same headers, recorded from the
 * app's own helmet configuration on first use and replayed after that.
 */
const recordedByApp = new WeakMap<object, Array<[string, string | number | string[]]>>();

export async function helmetHeadersOnce(_req: FastifyRequest, reply: FastifyReply) {
  const recorded = recordedByApp.get(reply.server);
  if (!recorded) {
    const before = new Set(reply.raw.getHeaderNames());
    reply.helmet();
    const headers = reply.raw.getHeaders();
    recordedByApp.set(
      reply.server,
      Object.entries(headers)
        .filter(([name, value]) => !before.has(name) && value !== undefined)
        .map(([name, value]) => [name, value as string | number | string[]]),
    );
    return;
  }
  for (const [name, value] of recorded) reply.raw.setHeader(name, value);
}
