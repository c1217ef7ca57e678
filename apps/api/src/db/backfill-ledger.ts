import type { Database } from './index.js';
import { ledgerBackfill as hostelBackfill } from '../modules/hostel/index.js';
import { ledgerBackfill as libraryBackfill } from '../modules/library/index.js';
import { ledgerBackfill as transportBackfill } from '../modules/transport/index.js';
import { wireModules } from '../modules/wiring.js';

export interface BackfillCounts {
  college: string;
  hostelCharges: number;
  hostelReceipts: number;
  transportPasses: number;
  libraryFines: number;
}

/**
 * `npm run db:backfill-ledger`: a deployment that ran a version before the accounts ledger has
 * hostel charges, transport fares and library fines that were never posted into it. Each module
 * posts its own unposted rows through the accounts service (postCharge is idempotent on the
 * module's reference), one transaction per college, so a run posts every such row exactly once
 * and running it again posts nothing.
 */
export async function backfillLedger(db: Database): Promise<BackfillCounts[]> {
  // The fines and fares follow what the ledger records for them (as in the app).
  wireModules();
  const colleges = await db.selectFrom('colleges').select(['id', 'code']).orderBy('id').execute();
  const out: BackfillCounts[] = [];
  for (const c of colleges) {
    out.push(
      await db.transaction().execute(async (trx) => {
        const hostel = await hostelBackfill(trx, c.id);
        return {
          college: c.code,
          hostelCharges: hostel.charges,
          hostelReceipts: hostel.payments,
          transportPasses: await transportBackfill(trx, c.id),
          libraryFines: await libraryBackfill(trx, c.id),
        };
      }),
    );
  }
  return out;
}
