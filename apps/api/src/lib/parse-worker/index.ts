import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { badRequest, type AppError } from '../errors.js';
import type { ParseMessage, ParseRequest } from './protocol.js';
import type { TASKS } from './tasks.js';

/**
 * The one place an uploaded file is parsed (workbooks, MARC, images): each parse runs in a worker
 * process of its own, with a heap limit and a time limit, and is killed on overrun. A file that
 * makes its parser run away (an endless loop, a bomb) costs that one request a 400, never the
 * server, which answers other requests meanwhile.
 *
 * A process, not a worker thread: a thread's resourceLimits end it cleanly only while each
 * allocation fits in the 16 MB V8 is granted past the limit; one larger string at the limit
 * (a 96 MB MARC field in a 64 MB heap does it) aborts the whole process, server and all.
 */

export { ParseRefused } from './protocol.js';
export { MAX_IMAGE_PIXELS } from './image.js';

type Tasks = typeof TASKS;
export type ParseTaskName = keyof Tasks;
type TaskInput<T extends ParseTaskName> = Parameters<Tasks[T]>[0];
type TaskItem<T extends ParseTaskName> = Tasks[T] extends (input: never, emit: (items: Array<infer I>) => void) => unknown
  ? I
  : never;
type TaskResult<T extends ParseTaskName> = Awaited<ReturnType<Tasks[T]>>;

export interface ParseLimits {
  /** old-generation heap of the worker */
  heapMb: number;
  timeoutMs: number;
}
export const DEFAULT_PARSE_LIMITS: ParseLimits = { heapMb: 256, timeoutMs: 60_000 };

/** Why a parse gave no result: `tooLarge` (out of its memory), `tooSlow` (out of its time), `unreadable`, or a task's own reason. */
export interface ParseRefusal {
  ok: false;
  reason: string;
  /** what went wrong, in words a person can read after "The file could not be read: " */
  detail: string;
}
export type ParseOutcome<R> = { ok: true; result: R } | ParseRefusal;

/** The 400 for a refused parse. */
export const couldNotRead = (refusal: Pick<ParseRefusal, 'detail'>): AppError =>
  badRequest(`The file could not be read: ${refusal.detail}`);

/**
 * Parse workers at once: each may hold its heap limit, so a burst of uploads waits its turn
 * rather than adding up to more memory than the machine has.
 */
const MAX_WORKERS = Math.max(2, Math.min(4, os.availableParallelism()));
let running = 0;
const waiting: Array<() => void> = [];

async function takeTurn(): Promise<() => void> {
  if (running < MAX_WORKERS) running++;
  // A finished parse hands its place straight to the next in line (running stays counted).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/** The worker: the bundled JavaScript beside the built server, else the TypeScript source through tsx. */
function workerFile(): string {
  const built = fileURLToPath(new URL('./parse.worker.js', import.meta.url));
  if (fs.existsSync(built)) return built;
  return fileURLToPath(new URL('./parse.worker.dev.mjs', import.meta.url));
}

export interface ParseOptions<Item> {
  /** takes each batch the task hands out, in order, before the result; a throw ends the parse with it */
  onBatch?: (items: Item[]) => void;
  limits?: Partial<ParseLimits>;
}

/** Runs a parse task (lib/parse-worker/tasks.ts) on `input` in a worker of its own. */
export async function parseInWorker<T extends ParseTaskName>(
  task: T,
  input: TaskInput<T>,
  options: ParseOptions<TaskItem<T>> = {},
): Promise<ParseOutcome<TaskResult<T>>> {
  const limits = { ...DEFAULT_PARSE_LIMITS, ...options.limits };
  const done = await takeTurn();
  try {
    const onBatch = options.onBatch as ((items: unknown[]) => void) | undefined;
    return (await runWorker({ task, input }, limits, onBatch)) as ParseOutcome<TaskResult<T>>;
  } finally {
    done();
  }
}

/** V8's last words when a heap limit is reached. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

function runWorker(
  request: ParseRequest,
  limits: ParseLimits,
  onBatch?: (items: unknown[]) => void,
): Promise<ParseOutcome<unknown>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stderr = '';
    const worker = fork(workerFile(), [], {
      execArgv: [`--max-old-space-size=${limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.kill('SIGKILL');
      then();
    };
    const refuse = (reason: string, detail: string) => settle(() => resolve({ ok: false, reason, detail }));
    const seconds = Math.ceil(limits.timeoutMs / 1000);
    const timer = setTimeout(
      () => refuse('tooSlow', `reading it took longer than ${seconds} second${seconds === 1 ? '' : 's'}`),
      limits.timeoutMs,
    );
    // Only the tail is kept: enough to tell an out-of-memory abort by its message.
    worker.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
    worker.on('message', (m: ParseMessage) => {
      if (settled) return;
      if (m.kind === 'batch') {
        try {
          if (onBatch) onBatch(JSON.parse(m.json) as unknown[]);
        } catch (e) {
          settle(() => reject(e));
        }
      } else if (m.kind === 'done') settle(() => resolve({ ok: true, result: m.result }));
      else refuse(m.reason, m.detail);
    });
    worker.once('error', (e) => refuse('unreadable', e.message));
    // The worker never ends by itself (it waits to be killed): an exit is a crash.
    worker.once('close', (code, signal) =>
      OUT_OF_MEMORY.test(stderr)
        ? refuse('tooLarge', `reading it needs more than the ${limits.heapMb} MB of memory an upload may use`)
        : refuse('unreadable', `the reader stopped (${signal ?? code})`),
    );
    worker.send(request);
  });
}
