import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.js';
import * as m002 from './002_admissions.js';
import * as m003 from './003_results.js';
import * as m004 from './004_alumni.js';
import * as m005 from './005_payments.js';
import * as m006 from './006_faculty.js';
import * as m007 from './007_token_version.js';

/**
 * Listed by hand so the bundled server carries its migrations; names sort in run order.
 * A change to the schema is a new file here, never an edit of one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_admissions': m002,
  '003_results': m003,
  '004_alumni': m004,
  '005_payments': m005,
  '006_faculty': m006,
  '007_token_version': m007,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
