import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * Copies the SQLite write-ahead log back into the database file when asked (db/checkpoints.ts), on
 * a thread and a connection of its own. PASSIVE never waits for, nor stops, readers or the writer.
 */
const db = new Database((workerData as { file: string }).file);
db.pragma('busy_timeout = 5000');
parentPort!.on('message', () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    console.error(`SQLite checkpoint failed: ${(e as Error).message}`);
  }
  parentPort!.postMessage('done');
});
