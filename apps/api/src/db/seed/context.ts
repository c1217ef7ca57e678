import type { DB } from '../tables.js';
import { insertChunked as insertRows } from '../../lib/chunked.js';
import type { Db } from '../index.js';

export interface SeededCollege {
  id: number;
  code: string;
  name: string;
  /** roll numbers of the seeded students, in order */
  rollNos: string[];
  /** username → user id */
  users: Map<string, number>;
}

/** Handed to each feature's seeder, inside the seed's one transaction. */
export interface SeedContext {
  db: Db;
  main: SeededCollege;
  srk: SeededCollege;
  passwordHash: string;
  now: string;
}

/** Seeds insert through the same chunked insert as the app (lib/chunked.ts). */
export async function insertChunked<T extends keyof DB & string>(db: SeedContext['db'], table: T, rows: any[], _size?: number) {
  await insertRows(db, table, rows);
}
