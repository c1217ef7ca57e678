import type { Config } from '../../config.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../index.js';
import { seedAdmissions } from './admissions.js';
import { seedAlumni } from './alumni.js';
import { seedCollege } from './college.js';
import type { SeedContext } from './context.js';
import { DEMO_PASSWORD } from './data.js';
import { seedFaculty } from './faculty.js';
import { seedPayments } from './payments.js';
import { seedResults } from './results.js';

/** Seeds the two demo colleges in one transaction. Returns false when colleges already exist. */
export async function seedDemo(db: Database, _config?: Config): Promise<boolean> {
  const existing = await db.selectFrom('colleges').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const main = await seedCollege(trx, { variant: 'main', passwordHash, now });
    const srk = await seedCollege(trx, { variant: 'srk', passwordHash, now });
    const ctx: SeedContext = { db: trx, main, srk, passwordHash, now };
    await seedAdmissions(ctx);
    await seedResults(ctx);
    await seedPayments(ctx);
    await seedAlumni(ctx);
    await seedFaculty(ctx);
  });
  return true;
}

/** On start: SEED_DEMO=false never seeds; otherwise an empty database gets the demo colleges. */
export async function seedIfEmpty(db: Database, config: Config): Promise<void> {
  if (config.SEED_DEMO === false) return;
  if (await seedDemo(db, config)) console.log('Seeded the demo colleges (sign in with the demo logins in the README).');
}
