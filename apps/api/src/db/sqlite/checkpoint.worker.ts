import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

type Result = Array<{ busy: number; log: number; checkpointed: number }>;

/**
 * Copies the SQLite write-ahead log back into the database file when asked (checkpoints.ts), on
 * a thread and a connection of its own. PASSIVE never waits for, nor stops, readers or the writer.
 * Asked to restart the log too, once all of it is copied: RESTART, without waiting (busy_timeout 0),
 * so it happens only when no transaction is writing and no reader is in the log; else next time.
 * The next commit then writes the log from its start, over the same file (TRUNCATE would make
 * every commit grow the file again: the library desks lost a fifth of their rate). While it holds
 * the writer's lock (copying what was committed since) a commit waits for it.
 */
const db = new Database((workerData as { file: string }).file);
db.pragma('busy_timeout = 5000');
parentPort!.on('message', ({ restart }: { restart: boolean }) => {
  try {
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)') as Result;
    if (restart && copied.log === copied.checkpointed) {
      db.pragma('busy_timeout = 0');
      try {
        db.pragma('wal_checkpoint(RESTART)');
      } finally {
        db.pragma('busy_timeout = 5000');
      }
    }
  } catch (e) {
    console.error(`SQLite checkpoint failed: ${(e as Error).message}`);
  }
  parentPort!.postMessage('done');
});
