import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../tables.js';

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
  db: Transaction<DB> | Kysely<DB>;
  main: SeededCollege;
  srk: SeededCollege;
  passwordHash: string;
  now: string;
}

export async function insertChunked<T extends keyof DB & string>(
  db: SeedContext['db'],
  table: T,
  rows: any[],
  size = 200,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
  }
}
