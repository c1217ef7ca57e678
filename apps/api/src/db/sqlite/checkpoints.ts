import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

export interface CheckpointOptions {
  /** the log size beyond which it is copied back into the database file (SQLite's own default: 1,000 pages) */
  copyAtBytes: number;
  /** the log size beyond which, once all copied, it is also restarted (written again from its start) */
  restartAtBytes: number;
  everyMs: number;
}

const DEFAULTS: CheckpointOptions = { copyAtBytes: 4 * 1024 * 1024, restartAtBytes: 64 * 1024 * 1024, everyMs: 1_000 };

/** The worker: the bundled JavaScript beside the built server, else the TypeScript source through tsx. */
function workerFile(): URL | null {
  for (const name of ['./checkpoint.worker.js', './checkpoint.worker.dev.mjs']) {
    const file = new URL(name, import.meta.url);
    if (fs.existsSync(fileURLToPath(file))) return file;
  }
  return null;
}

/**
 * SQLite copies the write-ahead log back into the database file (a checkpoint) at the end of the
 * commit that grew it past 1,000 pages, on the committing connection: the request that happens to
 * commit then waits for the copy (about 100 ms after a 10,000-row import, some milliseconds on a
 * busy counter), and every request behind it too. Here the connection never checkpoints itself; a
 * check every second hands the checkpoint, once the log has grown past the same size, to a thread
 * with its own connection. Without the worker file (a partial copy of the build) SQLite keeps
 * doing it itself. Answers the function that stops it.
 *
 * A copied log is written again from its start only by a transaction that begins after the copy
 * with nothing new in the log; under writes that never pause none does, and the log grew by
 * 20 MB a second in the library bench. Past `restartAtBytes` the thread restarts it too (see the worker).
 */
export function checkpointOffThread(
  file: string,
  sqlite: BetterSqlite3.Database,
  options: CheckpointOptions = DEFAULTS,
): () => void {
  const script = workerFile();
  if (!script) return () => {};
  sqlite.pragma('wal_autocheckpoint = 0');
  const wal = `${file}-wal`;
  let worker: Worker | null = null;
  let running = false;
  let seen = 0;
  const timer = setInterval(() => {
    if (running) return;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(wal);
    } catch {
      return;
    }
    // The log keeps its size once written; a change since the last checkpoint means new pages.
    if (stat.size < options.copyAtBytes || stat.mtimeMs === seen) return;
    seen = stat.mtimeMs;
    if (!worker) {
      worker = new Worker(script, { workerData: { file } });
      worker.unref();
      worker.on('message', () => (running = false));
      worker.on('error', (e) => {
        // Back to SQLite's own checkpoints rather than a log that only grows.
        console.error(`SQLite checkpoint thread stopped: ${e.message}`);
        clearInterval(timer);
        sqlite.pragma('wal_autocheckpoint = 1000');
        worker = null;
        running = false;
      });
    }
    running = true;
    worker.postMessage({ restart: stat.size >= options.restartAtBytes });
  }, options.everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    void worker?.terminate();
    worker = null;
  };
}
