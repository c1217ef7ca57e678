import os from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactUrl } from './log-redact.js';

/** Where log lines go: a test's capture, or stdout written asynchronously. */
export interface LogSink {
  write(line: string): void;
  /** Writes out what is buffered; called when the server closes and when the process exits. */
  flush(): void;
}

/**
 * stdout through an asynchronous SonicBoom: a write appends to a buffer and returns, and the
 * buffer goes out in blocks, so a line costs the request almost nothing. What is still buffered is written synchronously when the server closes, and
 * pino's destination does the same when the process exits, so no line is lost on shutdown.
 */
export function stdoutSink(): LogSink & DestinationStream {
  // Lines leave in blocks of 8 kB under load, and at least every half second when it is quiet.
  const dest = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  // SonicBoom's own asynchronous flush: `flush` below replaces it on the object and ends the timer.
  const writeOut = dest.flush.bind(dest);
  const timer = setInterval(() => writeOut(), 500).unref();
  const flush = () => {
    clearInterval(timer);
    try {
      dest.flushSync();
    } catch {
      // nothing buffered, or stdout already closed
    }
  };
  return Object.assign(dest, { flush });
}

export function captureSink(stream: { write(line: string): void }): LogSink {
  return { write: (line) => stream.write(line), flush: () => {} };
}

const LEVEL_INFO = 30;
const URLS_KEPT = 50_000;

/**
 * One access line per request, written by hand in pino's shape (level, time, pid, hostname, reqId,
 * req, res, responseTime, msg) instead of Fastify's two lines through a per-request child logger:
 * the URL is redacted as the request serializer does, and nothing else of the request is logged.
 */
export class AccessLog {
  readonly #sink: LogSink;
  readonly #prefix: string;
  #next = 0;
  /** Redacted forms of recent URLs: results day asks the same addresses again and again. */
  readonly #urls = new Map<string, string>();

  constructor(sink: LogSink) {
    this.#sink = sink;
    this.#prefix = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;
  }

  /** The id of the next request: Fastify's genReqId and the express lanes share one sequence. */
  nextId(): string {
    return `req-${(++this.#next).toString(36)}`;
  }

  write(
    reqId: string,
    method: string,
    url: string,
    host: string | undefined,
    remoteAddress: string | undefined,
    statusCode: number,
    responseTimeMs: number,
  ) {
    this.#sink.write(
      `{"level":${LEVEL_INFO},"time":${Date.now()}${this.#prefix}${JSON.stringify(reqId)}` +
        `,"req":{"method":${JSON.stringify(method)},"url":${this.#redacted(url)}` +
        `,"host":${JSON.stringify(host ?? '')},"remoteAddress":${JSON.stringify(remoteAddress ?? '')}}` +
        `,"res":{"statusCode":${statusCode}},"responseTime":${responseTimeMs.toFixed(3)},"msg":"request completed"}\n`,
    );
  }

  /** The URL redacted and quoted for JSON, kept for the next ask of the same address. */
  #redacted(url: string): string {
    let out = this.#urls.get(url);
    if (out === undefined) {
      if (this.#urls.size >= URLS_KEPT) this.#urls.clear();
      this.#urls.set(url, (out = JSON.stringify(redactUrl(url))));
    }
    return out;
  }

  /** A request an express lane answered (no proxy is trusted there, so the socket's address is the client's). */
  lane(req: IncomingMessage, res: ServerResponse, startedAt: number) {
    this.write(
      this.nextId(),
      req.method ?? 'GET',
      req.url ?? '',
      req.headers.host,
      req.socket.remoteAddress,
      res.statusCode,
      performance.now() - startedAt,
    );
  }
}

/** The server's pino logger on the sink (with the options the caller gives: level, redaction). */
export function loggerOn(sink: LogSink, options: LoggerOptions): Logger {
  return pino(options, sink as DestinationStream);
}
