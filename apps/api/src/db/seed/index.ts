import type { Config } from '../../config.js';
import { retryWhileLocked, takeFirstRunLock } from '../first-run-lock.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../index.js';
import { seedAccounts } from './accounts.js';
import { seedAcademic } from './academic.js';
import { seedAdmissions } from './admissions.js';
import { seedAlumni } from './alumni.js';
import { seedCalendar } from './calendar.js';
import { seedCollege } from './college.js';
import type { SeedContext } from './context.js';
import { DEMO_PASSWORD } from './data.js';
import { seedFaculty } from './faculty.js';
import { seedGrievances } from './grievances.js';
import { seedPlacements } from './placements.js';
import { seedFeeHistory } from './fee-history.js';
import { seedQuality } from './quality.js';
import { seedHostel } from './hostel.js';
import { seedLedgerLinks } from './ledger-links.js';
import { seedLibrary } from './library.js';
import { seedObe } from './obe.js';
import { seedOnlineApplications } from './online-applications.js';
import { seedPayments } from './payments.js';
import { seedPortal } from './portal.js';
import { seedResults } from './results.js';
import { seedTransport } from './transport.js';
import { seedExamDemo } from '../../modules/exams/index.js';

const hasColleges = async (db: Database) => !!(await db.selectFrom('colleges').select('id').limit(1).executeTakeFirst());

/**
 * Seeds the two demo colleges in one transaction. Returns false when colleges already exist.
 * Replicas starting together on an empty database all get here: the first to take the lock seeds,
 * the others wait and then find the colleges.
 */
export async function seedDemo(db: Database, _config?: Config): Promise<boolean> {
  // A restart, or a replica started after the seed: nothing to wait for (a read takes no lock).
  if (await hasColleges(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  const seeded = await db.transaction().execute(async (trx) => {
    await takeFirstRunLock(trx);
    if (await hasColleges(trx)) return false;
    const main = await seedCollege(trx, { variant: 'main', passwordHash, now });
    const srk = await seedCollege(trx, { variant: 'srk', passwordHash, now });
    const ctx: SeedContext = { db: trx, main, srk, passwordHash, now };
    await seedCalendar(ctx);
    await seedAdmissions(ctx);
    await seedOnlineApplications(ctx);
    await seedResults(ctx);
    await seedPayments(ctx);
    await seedAccounts(ctx);
    await seedAlumni(ctx);
    await seedFaculty(ctx);
    await seedTransport(ctx);
    await seedGrievances(ctx);
    await seedPlacements(ctx);
    await seedLibrary(ctx);
    await seedAcademic(ctx);
    await seedHostel(ctx);
    await seedPortal(ctx);
    await seedObe(ctx);
    await seedQuality(ctx);
    await seedFeeHistory(ctx);
    await seedLedgerLinks(ctx);
    return true;
  });
  // The exam cell's demo goes through the exam cell's own calls, which keep their own transactions:
  // only the process that seeded the colleges makes it.
  if (seeded) await seedExamDemo(db, _config?.PUBLIC_URL);
  return seeded;
}

/**
 * On start: an empty database gets the demo colleges, except with SEED_DEMO=false, and in
 * production only with SEED_DEMO=true (the demo logins share one published password).
 */
export async function seedIfEmpty(db: Database, config: Config): Promise<void> {
  const wanted = config.NODE_ENV === 'production' ? config.SEED_DEMO === true : config.SEED_DEMO !== false;
  if (!wanted) return;
  // Another replica seeding holds the lock for as long as the seed takes on this machine: wait for it.
  if (await retryWhileLocked(() => seedDemo(db, config))) {
    console.log('Seeded the demo colleges (sign in with the demo logins in the README).');
  }
}
