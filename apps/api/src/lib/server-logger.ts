import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AccessLog, captureSink, loggerOn, stdoutSink, type LogSink } from './access-log.js';
import { LOG_REDACT_PATHS, logSerializers } from './log-redact.js';

/**
 * The server's logger and, when the level logs each request (info and below, the production
 * default), its access log, both on one sink: stdout written asynchronously, or a test's capture.
 */
export function serverLogger(config: Config, capture?: { write(line: string): void }) {
  const level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info');
  const sink: LogSink = capture ? captureSink(capture) : stdoutSink();
  const logger = loggerOn(sink, {
    level,
    // no passwords, tokens, cookies, Aadhaar or phone numbers in the logs (lib/log-redact.ts)
    serializers: logSerializers,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  });
  const access = ['trace', 'debug', 'info'].includes(level) ? new AccessLog(sink) : null;
  return { logger, access, sink };
}

/**
 * Fastify's request lines replaced by the access log's one line (or none below info); its error
 * lines (the default error handler's, a stream's) stay as Fastify writes them.
 */
export class AccessLogController extends LogController {
  constructor(private readonly access: AccessLog | null) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    this.access?.write(request.id, request.method, request.url, request.hostname, request.ip, reply.statusCode, reply.elapsedTime);
  }

  override routeNotFound() {}
}
