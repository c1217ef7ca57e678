/**
 * The parse worker: a process that runs one task (tasks.ts) on an uploaded file, under the heap
 * limit it was started with, answers, and waits to be killed (lib/parse-worker/index.ts).
 */
import { ParseRefused, type ParseMessage, type ParseRequest, type ParseTask } from './protocol.js';
import { TASKS } from './tasks.js';

const post = (m: ParseMessage) => process.send?.(m);

async function run({ task, input }: ParseRequest) {
  try {
    const parse = TASKS[task as keyof typeof TASKS] as ParseTask<unknown, unknown, unknown> | undefined;
    if (!parse) throw new Error(`no parse task ${task}`);
    post({ kind: 'done', result: await parse(input, (items) => post({ kind: 'batch', json: JSON.stringify(items) })) });
  } catch (e) {
    post(
      e instanceof ParseRefused
        ? { kind: 'refused', reason: e.reason, detail: e.message }
        : { kind: 'refused', reason: 'unreadable', detail: e instanceof Error ? e.message : String(e) },
    );
  }
}

if (process.send) {
  process.once('message', (request: ParseRequest) => void run(request));
  // The server gone (or done with this parse): nothing is left to answer.
  process.once('disconnect', () => process.exit(0));
}
