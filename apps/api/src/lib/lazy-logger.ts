import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Parent = FastifyBaseLogger & { isLevelEnabled(level: LevelWithSilentOrString): boolean };

/**
 * Fastify gives every request a child logger bound to its request id. Building it (pino's bindings
 * through the serializers and the redaction) cost about 6 % of a quick call's CPU, and most calls
 * write nothing at the configured level. This child is built on the first line written at an
 * enabled level; until then a line below the level is dropped as pino itself would drop it.
 */
class LazyChild {
  #real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level() {
    return this.#real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real.child(bindings, options);
  }

  #write(level: Level, args: unknown[]) {
    if (!this.#real && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
}

export const lazyChildLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new LazyChild(logger as Parent, bindings, options) as unknown as FastifyBaseLogger;
