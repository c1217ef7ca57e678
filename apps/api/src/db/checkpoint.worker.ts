import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

type Result = Array<{ busy: number; log: number; checkpointed: number }>;

/**
 * Copies the SQLite write-ahead log back into the database file when asked (db/checkpoints.ts), on
 * a thread and a connection of its own. PASSIVE never waits for, nor stops, readers or the writer.
 * Asked to empty the log too, once all of it is copied: TRUNCATE, without waiting (busy_timeout 0),
 * so it happens only when no transaction is writing and no reader is in the log; else next time.
 * While it holds the writer's lock (copying what was committed since) a commit waits for it.
 */
const db = new Database((workerData as { file: string }).file);
db.pragma('busy_timeout = 5000');
parentPort!.on('message', ({ empty }: { empty: boolean }) => {
  try {
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)') as Result;
    if (empty && copied.log === copied.checkpointed) {
      db.pragma('busy_timeout = 0');
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.pragma('busy_timeout = 5000');
      }
    }
  } catch (e) {
    console.error(`SQLite checkpoint failed: ${(e as Error).message}`);
  }
  parentPort!.postMessage('done');
});
